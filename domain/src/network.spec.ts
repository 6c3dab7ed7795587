import { describe, expect, it } from '@jest/globals';
import { isNetworkFailure, unableToCompleteRequest } from './network.js';

describe('a call that never reached the server', () => {
  it('reads as the kept sentence with the contact address', () => {
    expect(unableToCompleteRequest('sv@example.org')).toBe(
      'Unable to complete request. If this continues to persist, email sv@example.org',
    );
  });

  it("is told apart by each browser's words, not by any TypeError", () => {
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'network error']) {
      expect(isNetworkFailure(new TypeError(message))).toBe(true);
    }
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'data')"))).toBe(false);
    expect(isNetworkFailure(new Error('Failed to fetch'))).toBe(false);
    expect(isNetworkFailure(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
    expect(isNetworkFailure('Failed to fetch')).toBe(false);
  });
});
