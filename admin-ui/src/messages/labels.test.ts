import { describe, expect, it } from 'vitest';
import { countsText, sendLabel, timeLeftText } from './labels';

describe('a message’s progress in words', () => {
  it('names the states some recipients are in', () => {
    expect(countsText({ queued: 27, sending: 1, sent: 1200, failed: 1, cancelled: 0 })).toBe(
      '27 queued · 1 sending · 1,200 sent · 1 failed',
    );
    expect(countsText({ queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 })).toBe('No recipients');
  });

  it('says how long is left at the server’s pace', () => {
    expect(timeLeftText(null)).toBeNull();
    expect(timeLeftText(0.2)).toBe('about 1 s left');
    expect(timeLeftText(42.5)).toBe('about 43 s left');
    expect(timeLeftText(150)).toBe('about 3 min left');
  });

  it('sends to one recipient or to many', () => {
    expect(sendLabel(1)).toBe('Send to 1 recipient');
    expect(sendLabel(1500)).toBe('Send to 1,500 recipients');
  });
});
