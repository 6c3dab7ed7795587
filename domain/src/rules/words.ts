/** Words are runs of non-whitespace; empty or blank text counts 0. */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

export const ESSAY_WORD_LIMIT = 300;
export const SHORT_TEXT_WORD_LIMIT = 100;

/** Words left before `limit`; negative when over. */
export function wordsRemaining(text: string | null | undefined, limit: number): number {
  return limit - countWords(text);
}

/** The live counter's words, exactly as applicants read them. */
export function wordCounterText(text: string | null | undefined, limit: number): string {
  const remaining = wordsRemaining(text, limit);
  return remaining >= 0
    ? `${remaining} words remaining`
    : `${-remaining} words over the limit, you will not be able to submit your application`;
}
