import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { fastComputedStyle } from '@svp/ui-test-kit';
import { afterEach, beforeAll } from 'vitest';
import { loadSearchableFields } from '../features/application/steps/searchable';

// Screens under test wait for fetches and transitions: on a busy two-core CI machine one second is not always enough.
configure({ asyncUtilTimeout: 5000 });

// Role queries and clicks read computed styles; jsdom's matching of MUI's many rules is made cheaper (test/ui-kit/fastComputedStyle.ts).
fastComputedStyle();

// jsdom does not scroll; pages that scroll to the top after a save would only log that it is not implemented.
window.scrollTo = () => undefined;

// The wizard's searchable fields are a chunk of their own, which the app loads before a tab with one is drawn: loaded here before each
// file, screens under test draw them at once, as the app does once the chunk is there.
beforeAll(async () => {
  await loadSearchableFields();
});

afterEach(() => {
  cleanup();
  // Unsaved answers a test left in the tab's storage would be restored by the next test's form.
  sessionStorage.clear();
});
