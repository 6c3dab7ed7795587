// Run after every backend test (setupFilesAfterEnv in jest.config.js).
import { afterEach } from '@jest/globals';
import { releaseElapsedTime } from './elapsed-time.js';

// Elapsed time held by a test runs again after it, even when the test failed before releasing it.
afterEach(() => releaseElapsedTime());
