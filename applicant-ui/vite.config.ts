/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import type { CodeSplittingGroup, OutputBundle, OutputChunk } from 'rolldown';
import { PAGES, type PageName, type PagePreload, firstReads } from './src/routes/pages';

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
      const entries = chunks.filter((chunk) => chunk.isEntry);
      if (!entries.length) throw new Error('page-preloads: the build has no entry chunk');
      const withEntry = new Set<string>();
      for (const entry of entries) closure(bundle, entry.fileName, withEntry);
      // A page group reached from the entry would be loaded by every page before anything is drawn (one import moved into a
      // group's module, or a group taking one of the entry's modules, is enough).
      const inEntry = chunks.filter((chunk) => withEntry.has(chunk.fileName) && PAGE_GROUPS.includes(chunk.name));
      if (inEntry.length)
        throw new Error(
          `page-preloads: the entry imports ${inEntry.map((c) => c.fileName).join(', ')}, meant only for the pages that use it`,
        );
      const preloads: PagePreload[] = Object.entries(PAGES).map(([name, page]) => {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(`/src/${page.module}`));
        if (!chunk)
          throw new Error(
            `page-preloads: no chunk of its own for page "${name}" (${page.module}); is it imported lazily in AppRoutes.tsx?`,
          );
        return {
          paths: page.paths,
          files: [...closure(bundle, chunk.fileName)].filter((file) => !withEntry.has(file)),
          reads: firstReads(name as PageName),
        };
      });
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(preloads, null, 1) });
    },
  };
}

/**
 * Builds src/early.ts as an entry of its own and names it first in the index page: a small script
 * that runs before the app's code has arrived (an import from index.html would be bundled into the
 * app's entry and wait for all of it).
 */
function earlyScript(): Plugin {
  const EARLY = fileURLToPath(new URL('./src/early.ts', import.meta.url));
  return {
    name: 'early-script',
    apply: 'build',
    options(options) {
      const input = options.input ?? fileURLToPath(new URL('./index.html', import.meta.url));
      const named = typeof input === 'string' ? { index: input } : Array.isArray(input) ? { index: input[0]! } : input;
      return { ...options, input: { ...named, early: EARLY } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output): output is OutputChunk => output.type === 'chunk');
        const early = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === EARLY);
        if (!early) throw new Error('early-script: src/early.ts was not built as an entry');
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${early.fileName}` }, injectTo: 'head-prepend' },
          ...early.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

/** The files at the root of the build the service worker keeps besides the assets: the bare index page, the manifest and the icons. */
const KEPT_ROOT_FILES = ['/index.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

/**
 * Writes dist/sw.js from sw/service-worker.js with the build's id and the files it keeps (every script
 * and style of the build, and KEPT_ROOT_FILES): the id changes with the files, so a new deployment is
 * a new service worker, which installs all of them before it takes over.
 */
function serviceWorker(): Plugin {
  const SOURCE = fileURLToPath(new URL('./sw/service-worker.js', import.meta.url));
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && /\.(js|css)$/.test(name))
        .sort()
        .map((name) => `/${name}`);
      const precache = [...KEPT_ROOT_FILES, ...files];
      const build = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(SOURCE, 'utf8')
        .replace("'__SVP_BUILD__'", JSON.stringify(build))
        .replace('__SVP_PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** The form libraries and the MUI inputs, with the app's form fields: only the pages with a form load them. */
const FORMS = /node_modules[\\/](formik|yup|lodash-es|property-expr|tiny-case|toposort|react-fast-compare|deepmerge|tiny-warning)[\\/]/;
const MUI_INPUTS =
  /@mui[\\/]material[\\/](InputBase|Input|OutlinedInput|FilledInput|InputLabel|InputAdornment|FormControl|FormLabel|FormHelperText|FormControlLabel|FormGroup|TextField|TextareaAutosize|Select|NativeSelect|Menu|MenuList|MenuItem|ListSubheader|Popover|Popper|Grow|Autocomplete|useAutocomplete|Checkbox|Radio|RadioGroup|internal[\\/](SwitchBase|switchBase))[\\/.]|@mui[\\/]utils[\\/](useRovingTabIndex|usePreviousProps|useForcedRerendering|useSlotProps|fastObjectShallowCompare)[\\/]/;
const FORM_FIELDS = /src[\\/]components[\\/]form-fields[\\/]/;
const isFormCode = (id: string) => FORMS.test(id) || MUI_INPUTS.test(id) || FORM_FIELDS.test(id);

/**
 * MUI's Autocomplete with its popup (Popper, popper.js), and the app's two fields built on it: a quarter of the form widgets, which
 * most forms do without. The application wizard loads them only for its tabs that have one (features/application/steps/searchable.tsx);
 * the pages that import them directly (the profile) get the file with their own.
 */
const SEARCHABLE =
  /@mui[\\/]material[\\/](Autocomplete|useAutocomplete|Popper|ListSubheader)[\\/.]|node_modules[\\/]@popperjs[\\/]|src[\\/](components[\\/]form-fields[\\/]MultiSelectInput|features[\\/]profile[\\/]CountryInput|features[\\/]application[\\/]steps[\\/]searchableFields)\./;

/** Small rules and helpers most pages share (dates, lists, settings texts): one file instead of one each. */
const SHARED_HELPERS =
  /domain[\\/]src[\\/](dates|edition|settings|rules[\\/](confirmation|words)|options[\\/]lists|references[\\/]index)\.ts$|src[\\/]features[\\/]home[\\/]dateText\.ts$/;

const CHUNK_GROUPS: CodeSplittingGroup[] = [
  // Every package the entry imports, in one file.
  { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 4 },
  // Only those modules: what they import (TextField, Chip and the like) stays in the groups below, which the wizard's first tab needs.
  { name: 'searchable', test: SEARCHABLE, priority: 3.5, includeDependenciesRecursively: false },
  // The rest of MUI but its inputs: the cards, dialogs, chips, tabs and the like the pages use (about 25 KB compressed).
  { name: 'mui', test: (id: string) => /@mui[\\/]/.test(id) && !isFormCode(id), priority: 3 },
  { name: 'forms', test: isFormCode, priority: 2 },
  // Only the helpers themselves: what they import stays where it is (some of it is in the entry, which must not wait for this file).
  { name: 'shared', test: SHARED_HELPERS, priority: 1, includeDependenciesRecursively: false },
];

/** The groups only pages load, all but vendor (the build fails when the entry imports one: see pagePreloads). */
const PAGE_GROUPS = CHUNK_GROUPS.flatMap((group) => (typeof group.name === 'string' && group.name !== 'vendor' ? [group.name] : []));

// The shared rules are consumed from source, so a change in domain/ needs no separate build.
export default defineConfig({
  plugins: [react(), pagePreloads(), earlyScript(), serviceWorker()],
  base: '/',
  resolve: {
    alias: [
      { find: '@svp/domain', replacement: fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) },
      // MUI calls emotion's styled(tag) only; the package's main module also makes a component for every HTML and SVG tag
      // (styled.div and the like, about 140) when it is first evaluated, which a phone pays for on every page load.
      { find: /^@emotion\/styled$/, replacement: '@emotion/styled/base' },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: {
      // The shared rules' settings module computes DEFAULT_RESULT_TEXTS when it loads, which the app never reads; the call stays in the
      // bundle unless it is known to have no side effects. It formats dates with Intl, and the first Intl date format a page makes loads
      // the browser's calendar and zone data: about 40 ms of a phone's startup, on every page, for nothing.
      treeshake: { manualPureFunctions: ['defaultResultTexts'] },
      output: {
        // A few chunks named by what they hold instead of the default split, which gave the wizard 32 files and the dashboard 15: each
        // file is a request (six at a time over HTTP/1.1, a round trip each on a phone) and a compile of its own. The groups
        // are taken in priority order; docs/decisions.md ("Serving the UIs fast on a phone") has the figures.
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  test: {
    // The fetch stub both UIs' unit tests share (test/ui-kit/stubFetch.ts says why it lives there).
    alias: { '@svp/ui-test-kit': fileURLToPath(new URL('../test/ui-kit/index.ts', import.meta.url)) },
    environment: 'jsdom',
    // betweenFiles.ts first: it starts each file on freshly evaluated app modules before setup.ts imports any of them.
    setupFiles: ['./src/test/betweenFiles.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // One worker per core (vitest's default leaves one core idle), each running file after file in one process with one
    // document: jsdom, React, MUI and the other packages are loaded once per worker instead of once per file, which cost
    // half the run. src/test/betweenFiles.ts evaluates the app's own modules again for each file, so a module one file
    // mocks (vi.mock) is mocked for that file only, and starts it on an empty page, empty storage, the first address,
    // real timers and no stubs. docs/contributing.md, 'How the test runners are set up'.
    isolate: false,
    maxWorkers: availableParallelism(),
    // A screen test renders the whole form and waits on its saves; on a busy two-core machine running
    // several suites at once that can pass five seconds, so a test has twenty before it is failed.
    testTimeout: 20_000,
  },
});
