// The machine's floor for a schedule benchmark: a bare node:http server (no framework, no database,
// no authentication) answering the very bytes the portal answered, in a process of its own as the
// portal is. Started by schedule.bench.mjs, which loads it with the same autocannon settings in the
// same run: the portal's latency over this one is what the portal adds; the rest is the machine.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SERVER = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.argv[1]);
const server = createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** Starts the floor server answering `body`; returns { baseUrl, pid, stop }. */
export async function startFloorServer(dir, body) {
  const bodyFile = join(dir, 'floor-answer.json');
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER, bodyFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the floor server stopped (${code})`)));
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

/**
 * CPU time the hypervisor gave to other machines while this one wanted it ("steal" in /proc/stat,
 * all cores together), in ms; 0 where there is no /proc. On a shared virtual machine it is what
 * makes two runs of the same code differ most.
 */
export function stealMs() {
  let stat = '';
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return 0;
  }
  const fields = (stat.split('\n').find((line) => line.startsWith('cpu ')) ?? '').trim().split(/\s+/);
  return Number(fields[8] ?? 0) * 10;
}
