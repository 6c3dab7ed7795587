#!/usr/bin/env node
// `npm run lint`: ESLint and Prettier's check side by side, one process each (each uses one core;
// one after the other they took over a minute on a two-core machine). Each keeps a cache of the
// files it found clean under node_modules/.cache, so a second run only reads what changed. Each
// tool's output is printed whole once it ends; the exit code is 1 when either found a problem.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const cache = join(root, 'node_modules/.cache');

const tools = [
  { name: 'ESLint', command: bin('eslint'), args: ['--cache', '--cache-location', join(cache, 'eslint/'), '.'] },
  {
    name: 'Prettier',
    command: bin('prettier'),
    args: ['--check', '--cache', '--cache-location', join(cache, 'prettier/.prettier-cache'), '.'],
  },
];

function run({ name, command, args }) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => done({ name, output: `${output}${error.message}\n`, status: 1 }));
    child.on('close', (status) => done({ name, output, status: status ?? 1 }));
  });
}

const results = await Promise.all(tools.map(run));
for (const { name, output, status } of results) {
  process.stdout.write(`━━ ${name} ━━\n${output}${status === 0 ? `${name}: no problems\n` : ''}`);
}
const failed = results.filter((r) => r.status !== 0).map((r) => r.name);
if (failed.length) console.error(`lint failed: ${failed.join(' and ')} (npm run format fixes the formatting)`);
process.exit(failed.length ? 1 : 0);
