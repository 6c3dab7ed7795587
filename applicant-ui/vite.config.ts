/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { PAGES, type PagePreload } from './src/routes/pages';

/**
 * Writes dist/page-preloads.json: for each page of PAGES, its addresses and the chunks its code needs
 * beyond the entry (the page's chunk and what it imports). The server adds them to the index page it
 * answers at those addresses as <link rel="modulepreload">, so the browser fetches the opened page's
 * code with the entry instead of once the entry has run, and nothing of the other pages. A page
 * whose module has no chunk of its own fails the build: the table and the route table disagree.
 */
function pagePreloads(): Plugin {
  const closure = (bundle: OutputBundle, fileName: string, found = new Set<string>()): Set<string> => {
    const chunk = bundle[fileName] as OutputChunk | undefined;
    if (!chunk || found.has(fileName)) return found;
    found.add(fileName);
    for (const imported of chunk.imports) closure(bundle, imported, found);
    return found;
  };
  return {
    name: 'page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('page-preloads: the build has no entry chunk');
      const withEntry = closure(bundle, entry.fileName);
      const preloads: PagePreload[] = Object.entries(PAGES).map(([name, page]) => {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(`/src/${page.module}`));
        if (!chunk)
          throw new Error(
            `page-preloads: no chunk of its own for page "${name}" (${page.module}); is it imported lazily in AppRoutes.tsx?`,
          );
        return { paths: page.paths, files: [...closure(bundle, chunk.fileName)].filter((file) => !withEntry.has(file)) };
      });
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(preloads, null, 1) });
    },
  };
}

// The shared rules are consumed from source, so a change in domain/ needs no separate build.
export default defineConfig({
  plugins: [react(), pagePreloads()],
  base: '/',
  resolve: { alias: { '@svp/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, reportCompressedSize: true },
  test: {
    // The fetch stub both UIs' unit tests share (test/ui-kit/stubFetch.ts says why it lives there).
    alias: { '@svp/ui-test-kit': fileURLToPath(new URL('../test/ui-kit/index.ts', import.meta.url)) },
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A screen test renders the whole form and waits on its saves; on a busy two-core machine running
    // several suites at once that can pass five seconds, so a test has twenty before it is failed.
    testTimeout: 20_000,
  },
});
