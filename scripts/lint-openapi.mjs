/**
 * `npm run lint:openapi`: writes the OpenAPI document the server generates (from the built backend,
 * without a database) to a temporary file and lints it with Redocly's recommended rules (redocly.yaml).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'svp-openapi-'));
const file = join(dir, 'openapi.json');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
try {
  const written = run(process.execPath, [join(root, 'backend/dist/write-api-document.js'), file]);
  if (written !== 0) process.exit(written);
  process.exitCode = run(process.execPath, [
    join(root, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    file,
    '--config',
    join(root, 'redocly.yaml'),
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
