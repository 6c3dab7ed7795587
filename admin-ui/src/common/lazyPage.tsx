import { type ComponentType, Suspense, lazy } from 'react';
import { LoadingText } from './LoadingText';

/** What a page shows while its code arrives: the theme's spinner and a status a screen reader announces. */
export function PageLoading() {
  return <LoadingText>Loading page...</LoadingText>;
}

/** The pages' code being loaded under the unit tests (never in the build). */
export const pagesLoading: Promise<unknown>[] = [];

/**
 * A page of the panel loaded on demand: `load` imports its module (a chunk of its own in the build) the first time the page is
 * drawn, and `name` is the component the module exports. Until it has arrived, the page says it is loading.
 */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  // Under the unit tests every page starts loading as it is defined, and src/testSetup.ts waits for them all before a
  // file's tests: a screen test times what the page does, not how long the test runner takes to load its code.
  const early = import.meta.env.MODE === 'test' ? load() : undefined;
  if (early) pagesLoading.push(early);
  const Page = lazy(() => (early ?? load()).then((module) => ({ default: module[name] as ComponentType<object> })));
  const Loaded = (props: object) => (
    <Suspense fallback={<PageLoading />}>
      <Page {...props} />
    </Suspense>
  );
  Loaded.displayName = `Lazy(${name})`;
  return Loaded as unknown as M[K];
}
