/**
 * What a message's Markdown may hold, so that rendering it costs about the same whatever it says.
 * Each limit bounds one kind of construct whose parsing costs far more than plain text: a link or
 * image label, an address found in the text, an emphasis mark, a table cell, a line (each a block). Counted on
 * the body as written, in one pass, before anything is parsed: a body within every limit renders
 * in time linear in its length with a small constant (docs/decisions.md, 'Messages cost the same
 * whatever they say').
 */
export const MARKDOWN_LIMITS = {
  /** '[' and '<': every link and image is written with one of them. */
  links: 200,
  /** '//' and '@': every web or email address the text makes a link of holds one. */
  addresses: 200,
  /** '*', '_' and '~'. */
  emphasis: 1000,
  /** '|': every table cell is written with one. */
  tables: 1000,
  lines: 500,
} as const;

export type MarkdownLimit = keyof typeof MARKDOWN_LIMITS;
export type MarkdownCounts = Record<MarkdownLimit, number>;

export interface MarkdownLimitProblem {
  limit: MarkdownLimit;
  count: number;
  max: number;
  /** A sentence naming the limit and what to change. */
  message: string;
}

const SLASH = 0x2f;
const AT = 0x40;
const OPEN_BRACKET = 0x5b;
const LESS_THAN = 0x3c;
const STAR = 0x2a;
const UNDERSCORE = 0x5f;
const TILDE = 0x7e;
const BAR = 0x7c;
const NEWLINE = 0x0a;
const RETURN = 0x0d;

/** How many of each limited construct the body holds (one pass over its characters). */
export function countMarkdown(source: string): MarkdownCounts {
  const counts: MarkdownCounts = { links: 0, addresses: 0, emphasis: 0, tables: 0, lines: source.length ? 1 : 0 };
  for (let i = 0; i < source.length; i += 1) {
    const code = source.charCodeAt(i);
    if (code === OPEN_BRACKET || code === LESS_THAN) counts.links += 1;
    else if (code === AT) counts.addresses += 1;
    else if (code === SLASH && source.charCodeAt(i + 1) === SLASH) {
      counts.addresses += 1;
      i += 1;
    } else if (code === STAR || code === UNDERSCORE || code === TILDE) counts.emphasis += 1;
    else if (code === BAR) counts.tables += 1;
    else if (code === NEWLINE || (code === RETURN && source.charCodeAt(i + 1) !== NEWLINE)) counts.lines += 1;
  }
  return counts;
}

const thousands = (n: number) => n.toLocaleString('en-US');

const SENTENCES: Record<MarkdownLimit, (count: number, max: number) => string> = {
  links: (count, max) =>
    `The message holds ${thousands(count)} '[' or '<': at most ${thousands(max)} are allowed ` +
    `(each link and image is written with one). Write fewer links, or leave those characters out.`,
  addresses: (count, max) =>
    `The message holds ${thousands(count)} web or email addresses (counted by their '//' and '@'): ` +
    `at most ${thousands(max)} are allowed. Link to a page that lists them instead.`,
  emphasis: (count, max) =>
    `The message holds ${thousands(count)} emphasis marks ('*', '_' or '~'): at most ${thousands(max)} are allowed.`,
  tables: (count, max) =>
    `The message holds ${thousands(count)} '|' (each table cell is written with one): at most ${thousands(max)} are allowed. ` +
    'Make the table smaller, or link to a page that holds it.',
  lines: (count, max) => `The message has ${thousands(count)} lines: at most ${thousands(max)} are allowed. Join short lines.`,
};

/** The first limit the body breaks, with a sentence naming it, or null when it keeps every limit. */
export function markdownLimitProblem(source: string): MarkdownLimitProblem | null {
  const counts = countMarkdown(source);
  for (const limit of Object.keys(MARKDOWN_LIMITS) as MarkdownLimit[]) {
    const max = MARKDOWN_LIMITS[limit];
    if (counts[limit] > max) return { limit, count: counts[limit], max, message: SENTENCES[limit](counts[limit], max) };
  }
  return null;
}
