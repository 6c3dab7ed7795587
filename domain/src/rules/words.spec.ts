import { describe, expect, it } from '@jest/globals';
import { ESSAY_WORD_LIMIT, SHORT_TEXT_WORD_LIMIT, countWords, wordCounterText, wordsRemaining } from './words.js';

describe('countWords', () => {
  it('counts empty, blank and missing text as 0', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t  ')).toBe(0);
    expect(countWords(null)).toBe(0);
    expect(countWords(undefined)).toBe(0);
  });

  it('splits on any run of whitespace, including new lines and tabs', () => {
    expect(countWords('one')).toBe(1);
    expect(countWords('  one   two\nthree\tfour  ')).toBe(4);
    expect(countWords('first paragraph.\n\nsecond one')).toBe(4);
  });

  it('counts punctuation-joined and non-Latin words as the whitespace says', () => {
    expect(countWords("well-known state-of-the-art, isn't it?")).toBe(4);
    expect(countWords('学生 ボランティア 🎨 art')).toBe(4);
    expect(countWords('a\u00a0b')).toBe(2);
  });
});

describe('word limits', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  it('are 300 for essays and 100 for short texts', () => {
    expect(ESSAY_WORD_LIMIT).toBe(300);
    expect(SHORT_TEXT_WORD_LIMIT).toBe(100);
  });

  it('reads "N words remaining" up to the limit', () => {
    expect(wordCounterText('', ESSAY_WORD_LIMIT)).toBe('300 words remaining');
    expect(wordCounterText(words(300), ESSAY_WORD_LIMIT)).toBe('0 words remaining');
    expect(wordsRemaining(words(299), ESSAY_WORD_LIMIT)).toBe(1);
  });

  it('reads the over-limit sentence from the first word over', () => {
    expect(wordCounterText(words(301), ESSAY_WORD_LIMIT)).toBe('1 words over the limit, you will not be able to submit your application');
    expect(wordsRemaining(words(105), SHORT_TEXT_WORD_LIMIT)).toBe(-5);
  });
});
