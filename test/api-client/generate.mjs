#!/usr/bin/env node
/**
 * Writes the OpenAPI document the built server serves (backend/dist, no database needed) to generated/openapi.json and the
 * TypeScript types openapi-typescript makes of it to generated/api.d.ts. The folder is git-ignored: every run generates it
 * again, so that the client script (write-routes.api-client.ts) is compiled against the document as it is now.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const out = join(here, 'generated');
mkdirSync(out, { recursive: true });
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
let status = run([join(root, 'backend/dist/write-api-document.js'), join(out, 'openapi.json')]);
if (status === 0) {
  status = run([
    join(root, 'node_modules/openapi-typescript/bin/cli.js'),
    join(out, 'openapi.json'),
    '--output',
    join(out, 'api.d.ts'),
    // A property with a default may be left out of a request: it stays optional in the types.
    '--default-non-nullable',
    'false',
  ]);
}
process.exit(status);
