import { type ComponentType, Suspense, lazy } from 'react';
import { LoadingText } from './LoadingText';

/** What a page shows while its code arrives: the theme's spinner and a status a screen reader announces. */
export function PageLoading() {
  return <LoadingText>Loading page...</LoadingText>;
}

/**
 * A page of the panel loaded on demand: `load` imports its module (a chunk of its own in the build) the first time the page is
 * drawn, and `name` is the component the module exports. Until it has arrived, the page says it is loading.
 */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType<object> })));
  const Loaded = (props: object) => (
    <Suspense fallback={<PageLoading />}>
      <Page {...props} />
    </Suspense>
  );
  Loaded.displayName = `Lazy(${name})`;
  return Loaded as unknown as M[K];
}
