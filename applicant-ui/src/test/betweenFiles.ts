import { CacheProvider, type EmotionCache } from '@emotion/react';
import { vi } from 'vitest';

// The first setup file: the test files of a worker share its process and its document (isolate: false in
// vite.config.ts), and each starts here as it would in a process of its own.
//
// - The app's modules are evaluated again for each file (vi.resetModules forgets every module but vitest's own; the
//   packages of node_modules stay loaded by Node, which is the time saved). A module a file replaces with vi.mock is
//   therefore replaced for that file only: vitest keeps each file's mocks apart and drops a module's old mock when a
//   file mocks it again, and no app module keeps a mocked import from an earlier file.
// - Nothing the previous file drew is still in the page (its tests were cleaned up after each one), storage is empty,
//   the address is the first one, timers are real, and no global or environment variable is stubbed.
// - The page's styles are those of this file's components only: emotion's default style cache (MUI's, loaded once)
//   forgets the rules it inserted, so that it inserts them again when they are next used, and the style elements of
//   the earlier files go. Left in the page, every file's rules would be matched against every element whose style a
//   query or a click asks for, more of them with each file.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
document.body.replaceChildren();
// A dialog open when its file ended leaves its marks on the body (overflow hidden, a padding for the scroll bar).
for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
document.title = '';
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');

// The default value of emotion's cache context (React 19: the provider is the context).
const defaultCache = (CacheProvider as unknown as { _currentValue?: EmotionCache | null })._currentValue;
if (defaultCache) {
  defaultCache.sheet.flush();
  for (const name of Object.keys(defaultCache.inserted)) delete defaultCache.inserted[name];
}
// The head as the packages leave it when loaded (MUI puts an insertion point for its style caches first): without the style
// elements of any earlier cache (App's own is made again with its module) or whatever else an earlier file added there.
document.head.replaceChildren(...document.head.querySelectorAll('meta[name="emotion-insertion-point"]'));
