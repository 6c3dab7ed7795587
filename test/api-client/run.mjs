#!/usr/bin/env node
/**
 * `npm run test:api-client` (and a step of .ci/run): generates the client's types from the built server's OpenAPI document,
 * type-checks the client script against them (a document that lies about a body fails here), then runs it against a real
 * server. Needs `npm run build` first. Extra arguments go to jest.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const run = (args, cwd = root) => spawnSync(process.execPath, args, { cwd, stdio: 'inherit' }).status ?? 1;
const steps = [
  () => run([join(here, 'generate.mjs')]),
  () => run([join(root, 'node_modules/typescript/bin/tsc'), '-p', join(here, 'tsconfig.json'), '--noEmit']),
  () =>
    run(
      [
        '--experimental-vm-modules',
        '--no-warnings=ExperimentalWarning',
        join(root, 'node_modules/jest/bin/jest.js'),
        '--config',
        'jest.config.js',
        ...process.argv.slice(2),
      ],
      here,
    ),
];
for (const step of steps) {
  const status = step();
  if (status !== 0) process.exit(status);
}
