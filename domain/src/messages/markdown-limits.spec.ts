import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MARKDOWN_LIMITS, countMarkdown, markdownLimitProblem } from './markdown-limits.js';
import { TEAM_MESSAGE_LIMIT, nextTeamMessageAt, teamMessageLimitText } from './team-limit.js';

/** Bodies of 20,000 characters that took 0.2–1.9 s each to render before the limits. */
const HOSTILE = {
  addresses: 'http://a.'.repeat(2222),
  emphasis: '*a'.repeat(10_000),
  links: '['.repeat(20_000),
} as const;

describe('Markdown limits', () => {
  it.each(Object.entries(HOSTILE))(
    'refuse the hostile body that overflows %s, naming the limit, the count and the most allowed',
    (limit, body) => {
      const problem = markdownLimitProblem(body);
      expect(problem).toMatchObject({ limit, max: MARKDOWN_LIMITS[limit as keyof typeof MARKDOWN_LIMITS] });
      expect(problem!.message).toContain(`at most ${MARKDOWN_LIMITS[limit as keyof typeof MARKDOWN_LIMITS].toLocaleString('en-US')}`);
      expect(problem!.message).toContain(problem!.count.toLocaleString('en-US'));
    },
  );

  it('say each limit in words a writer can act on', () => {
    expect(markdownLimitProblem('['.repeat(20_000))!.message).toBe(
      "The message holds 20,000 '[' or '<': at most 200 are allowed (each link and image is written with one). " +
        'Write fewer links, or leave those characters out.',
    );
    expect(markdownLimitProblem('http://a.'.repeat(2222))!.message).toBe(
      "The message holds 2,222 web or email addresses (counted by their '//' and '@'): at most 200 are allowed. " +
        'Link to a page that lists them instead.',
    );
    expect(markdownLimitProblem('*a'.repeat(10_000))!.message).toBe(
      "The message holds 10,000 emphasis marks ('*', '_' or '~'): at most 1,000 are allowed.",
    );
    expect(markdownLimitProblem('|a'.repeat(1_001))!.message).toBe(
      "The message holds 1,001 '|' (each table cell is written with one): at most 1,000 are allowed. " +
        'Make the table smaller, or link to a page that holds it.',
    );
    expect(markdownLimitProblem('a\n'.repeat(500))!.message).toBe('The message has 501 lines: at most 500 are allowed. Join short lines.');
  });

  it('accept a body at every limit at once, and an ordinary message', () => {
    const atLimits = [
      '[a](https://example.org) '.repeat(MARKDOWN_LIMITS.links),
      '*b* '.repeat(MARKDOWN_LIMITS.emphasis / 2),
      '|c|d|\n'.repeat(MARKDOWN_LIMITS.tables / 4),
      'line\n'.repeat(MARKDOWN_LIMITS.lines - 4 - MARKDOWN_LIMITS.tables / 4),
    ].join('\n');
    expect(countMarkdown(atLimits)).toEqual({ links: 200, addresses: 200, emphasis: 1000, tables: 750, lines: 500 });
    expect(markdownLimitProblem(atLimits)).toBeNull();
    expect(
      markdownLimitProblem('Hi {firstName},\n\nSee **you** at [the office](https://example.org) or write to sv@example.org.'),
    ).toBeNull();
  });

  it('count each construct in one pass: a run of slashes by its pairs, CR LF as one line break', () => {
    expect(countMarkdown('')).toEqual({ links: 0, addresses: 0, emphasis: 0, tables: 0, lines: 0 });
    expect(countMarkdown('///a//b')).toMatchObject({ addresses: 2 });
    expect(countMarkdown('a\r\nb\rc\nd')).toMatchObject({ lines: 4 });
    expect(countMarkdown('<a@b> [c] ~_*|')).toEqual({ links: 2, addresses: 1, emphasis: 3, tables: 1, lines: 1 });
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('[', '<', '@', '/', '*', '_', '~', '|', '\n', 'a', ' ') }), (body) => {
        const counts = countMarkdown(body);
        const of = (characters: string) => [...body].filter((c) => characters.includes(c)).length;
        expect(counts.links).toBe(of('[<'));
        expect(counts.emphasis).toBe(of('*_~'));
        expect(counts.tables).toBe(of('|'));
        expect(counts.lines).toBe(body ? of('\n') + 1 : 0);
        expect(counts.addresses).toBe(of('@') + (body.match(/\/\//g)?.length ?? 0));
      }),
    );
  });
});

describe("team leaders' messages per venue and hour", () => {
  const now = new Date('2026-08-10T17:00:00.000Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('allow up to the limit in the past hour, and say when the next can go once it is reached', () => {
    const nine = Array.from({ length: TEAM_MESSAGE_LIMIT.perVenue - 1 }, (_, i) => minutesAgo(50 - i));
    expect(nextTeamMessageAt(nine, now)).toBeNull();
    const ten = [...nine, minutesAgo(1)];
    // The oldest of the ten, 50 minutes ago, leaves the hour in 10 minutes.
    expect(nextTeamMessageAt(ten, now)).toEqual(new Date('2026-08-10T17:10:00.000Z'));
    // Messages older than an hour do not count.
    expect(nextTeamMessageAt([...nine, minutesAgo(60), minutesAgo(61)], now)).toBeNull();
  });

  it('round the next moment up to the minute, so that the time said is never too early', () => {
    const ten = Array.from({ length: TEAM_MESSAGE_LIMIT.perVenue }, () => new Date(now.getTime() - 30_500));
    expect(nextTeamMessageAt(ten, now)).toEqual(new Date('2026-08-10T18:00:00.000Z'));
  });

  it('name the venue, the limit and the Pacific time of the next message', () => {
    expect(teamMessageLimitText('Registration', new Date('2026-08-10T17:10:00.000Z'))).toBe(
      "Registration's volunteers have had 10 messages from team leaders in the past hour, the most an hour allows. " +
        'You can write to them again at 10:10 (Pacific time), or ask the organisers to send it.',
    );
  });
});
