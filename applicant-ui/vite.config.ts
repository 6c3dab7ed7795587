/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * Adds <link rel="modulepreload"> for a lazily loaded page's chunk and the chunks it imports, so
 * the browser fetches them with the entry instead of once the entry has run. The home page, the
 * first screen of most visits, is kept out of the entry (a signed-in page does not run its forms)
 * but still arrives with it.
 */
function preloadPage(modulePath: string): Plugin {
  const chunksOf = (bundle: OutputBundle, fileName: string, found = new Set<string>()): Set<string> => {
    const chunk = bundle[fileName] as OutputChunk | undefined;
    if (!chunk || found.has(fileName)) return found;
    found.add(fileName);
    for (const imported of chunk.imports) chunksOf(bundle, imported, found);
    return found;
  };
  return {
    name: 'preload-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const page = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(modulePath));
        if (!bundle || !page) throw new Error(`preload-page: no chunk for ${modulePath}`);
        return [...chunksOf(bundle, page.fileName)]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

// The shared rules are consumed from source, so a change in domain/ needs no separate build.
export default defineConfig({
  plugins: [react(), preloadPage('/src/features/home/HomePage.tsx')],
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
