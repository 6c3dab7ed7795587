/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the backend at /admin; the shared rules are consumed from source.
export default defineConfig({
  plugins: [react()],
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
    // A screen test renders the whole form and waits on its saves; on a busy two-core machine running
    // several suites at once that can pass five seconds, so a test has twenty before it is failed.
    testTimeout: 20_000,
  },
});
