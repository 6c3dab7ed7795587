import { configure } from '@testing-library/dom';
import { fastComputedStyle } from '@svp/ui-test-kit';
import { beforeAll, vi } from 'vitest';
import { fastLabels } from './testing/fastLabels';

// Screens under test wait for fetches and transitions: on a busy two-core CI machine one second is not always enough.
configure({ asyncUtilTimeout: 5000 });

// The test files of a worker share its process and document (isolate: false in vite.config.ts): each file starts as it would
// alone, with nothing drawn by the previous file still mounted, empty storage, the first address, real timers and no stubs.
vi.useRealTimers();
vi.unstubAllGlobals();
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}

// Role queries and clicks read computed styles; jsdom's matching of MUI's many rules is made cheaper (test/ui-kit/fastComputedStyle.ts).
fastComputedStyle();
// Queries by label find each field's labels through the document's ids instead of walking it once per label (testing/fastLabels.ts).
fastLabels();

// The pages App loads on demand (common/lazyPage.tsx) have all arrived before the file's tests start.
beforeAll(async () => {
  const { pagesLoading } = await import('./common/lazyPage');
  await Promise.all(pagesLoading);
}, 300_000);
