/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The shared rules are consumed from source, so a change in domain/ needs no separate build.
export default defineConfig({
  plugins: [react()],
  base: '/',
  resolve: { alias: { '@svp/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, reportCompressedSize: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A screen test renders the whole form and waits on its saves; on a busy two-core machine running
    // several suites at once that can pass five seconds, so a test has twenty before it is failed.
    testTimeout: 20_000,
  },
});
