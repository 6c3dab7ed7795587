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
});
