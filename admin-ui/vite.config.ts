/// <reference types="vitest/config" />
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

/** Whether a test file under `dir` mocks a module (vi.mock, vi.doMock). */
function mocksModules(dir: string): boolean {
  const root = fileURLToPath(new URL(`./${dir}/`, import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .some((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')));
}

/**
 * The panel's first script (src/main.tsx) is small: it starts the dashboard's reads, then imports the panel
 * (src/panel.tsx). So that the panel's files are not fetched only then, index.html names them, with every chunk
 * they import, as module preloads: the browser fetches them at once, in parallel with the first script.
 */
function preloadPanel(): Plugin {
  let base = '/';
  return {
    name: 'svp-preload-panel',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
        const panel = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/panel.tsx'));
        if (!panel) throw new Error('preloadPanel: no chunk for src/panel.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
        };
        visit(panel.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// Served by the backend at /admin; the shared rules are consumed from source.
export default defineConfig({
  plugins: [react(), preloadPanel()],
  base: '/admin/',
  resolve: { alias: { '@svp/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  // The panel's unit tests cover its pure helpers (CSV counting, UTC dates, chart series, audit changes).
  test: {
    // The fetch stub both UIs' unit tests share (test/ui-kit/stubFetch.ts says why it lives there).
    alias: { '@svp/ui-test-kit': fileURLToPath(new URL('../test/ui-kit/index.ts', import.meta.url)) },
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testSetup.ts'],
    // One worker per core (vitest's default leaves one core idle), each running file after file in one process with one
    // document: react-admin, MUI and the panel's modules are loaded once per worker instead of once per file, which took
    // as long as the tests themselves. src/testSetup.ts starts each file on an empty document, real timers and unstubbed
    // globals. A module mocked with vi.mock would stay mocked for the next files of the worker: should a test file ever
    // mock one, every file runs on its own again. docs/contributing.md, 'How the test runners are set up'.
    isolate: mocksModules('src'),
    maxWorkers: availableParallelism(),
    // A screen test renders the whole form and waits on its saves; on a busy two-core machine running
    // several suites at once that can pass five seconds, so a test has twenty before it is failed.
    testTimeout: 20_000,
  },
});
