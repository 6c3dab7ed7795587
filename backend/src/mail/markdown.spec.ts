import { describe, expect, it } from '@jest/globals';
import type { MergeValues } from '@svp/domain';
import fc from 'fast-check';
import { MARKDOWN_LIMITS, countMarkdown } from '@svp/domain';
import {
  MarkdownLimitError,
  absoluteLink,
  fillMessageBody,
  plainMessageBody,
  renderMarkdown,
  renderMessageBody,
  renderSubject,
} from './markdown.js';

const PORTAL = 'https://portal.example.org';
const values = (overrides: Partial<MergeValues> = {}): MergeValues => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  svid: 'SV-0042',
  email: 'ada@example.edu',
  status: 'Confirmed',
  confirmBy: 'June 17th 2026, 06:59 UTC',
  nextShift: 'Greeter at Room 1, Mon Aug 10th 08:00–12:00',
  scheduledHours: '12.5',
  conferenceName: 'SIGGRAPH 2026',
  portalUrl: PORTAL,
  scheduleUrl: `${PORTAL}/schedule/sv`,
  ...overrides,
});

describe('renderMarkdown', () => {
  it('never reads a merge value as Markdown or HTML, wherever it stands', () => {
    const hostile = values({ firstName: '**<img src=x onerror=alert(1)>** [x](javascript:alert(1))', svid: '`tick`' });
    const { html, text } = renderMarkdown('Hi {firstName}\n\n`{svid}`\n\n*{firstName}*', hostile, PORTAL);
    expect(html).not.toMatch(/<img|<a /);
    expect(html).toContain('<p>Hi **&lt;img src=x onerror=alert(1)&gt;** [x](javascript:alert(1))</p>');
    expect(html).toContain('<code>`tick`</code>');
    expect(html).toContain('<em>**&lt;img');
    expect(text).toContain('Hi **<img src=x onerror=alert(1)>** [x](javascript:alert(1))');
  });

  it('makes links absolute to the portal and drops scripts and unknown schemes', () => {
    const { html } = renderMarkdown(
      '[a](/schedule) [b](https://other.org/x) [c](javascript:alert(1)) [d](mailto:sv@example.org) [e]({scheduleUrl})',
      values(),
      PORTAL,
    );
    expect(html).toContain('<a href="https://portal.example.org/schedule">a</a>');
    expect(html).toContain('<a href="https://other.org/x">b</a>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('[c](javascript:alert(1))');
    expect(html).toContain('<a href="mailto:sv@example.org">d</a>');
    expect(html).toContain('<a href="https://portal.example.org/schedule/sv">e</a>');
  });

  it('writes a plain-text part a person can read: lists, links with their address, paragraphs apart', () => {
    const { text } = renderMarkdown(
      '# Your week\n\nHi {firstName},\nsee you soon.\n\n- first: {nextShift}\n- hours: **{scheduledHours}**\n\n1. One\n2. Two\n\nMore at [the portal]({portalUrl}) or https://example.org.',
      values(),
      PORTAL,
    );
    expect(text).toBe(
      [
        'Your week',
        '',
        'Hi Ada,\nsee you soon.',
        '- first: Greeter at Room 1, Mon Aug 10th 08:00–12:00',
        '- hours: 12.5',
        '1. One',
        '2. Two',
        '',
        'More at the portal (https://portal.example.org/) or https://example.org.',
      ].join('\n'),
    );
  });
});

describe('renderMessageBody, once for every recipient', () => {
  it('fills each recipient’s values into one rendering, escaped in the HTML and as typed in the text', () => {
    const rendering = renderMessageBody('Hi **{firstName}** ({svid}).\n\n`{firstName}`', PORTAL);
    expect(rendering.html).not.toContain('Ada');
    const ada = fillMessageBody(rendering, values(), PORTAL);
    const eve = fillMessageBody(rendering, values({ firstName: '<i>Eve</i> & *co*', svid: 'SV-7' }), PORTAL);
    expect(ada.html).toContain('<p>Hi <strong>Ada</strong> (SV-0042).</p>');
    expect(eve.html).toContain('<p>Hi <strong>&lt;i&gt;Eve&lt;/i&gt; &amp; *co*</strong> (SV-7).</p>');
    expect(eve.html).toContain('<code>&lt;i&gt;Eve&lt;/i&gt; &amp; *co*</code>');
    expect(eve.text).toBe('Hi <i>Eve</i> & *co* (SV-7).\n\n<i>Eve</i> & *co*');
    // The same as parsing the body for that recipient.
    expect(eve).toEqual(
      renderMarkdown('Hi **{firstName}** ({svid}).\n\n`{firstName}`', values({ firstName: '<i>Eve</i> & *co*', svid: 'SV-7' }), PORTAL),
    );
  });

  it('makes every address merge field a link in the HTML, wherever it stands in the text', () => {
    const { html, text } = renderMarkdown(
      'Your schedule: {scheduleUrl}. The portal ({portalUrl}/dashboard), [here]({scheduleUrl}), `{portalUrl}`, [{portalUrl}](/x)',
      values(),
      PORTAL,
    );
    expect(html).toContain(
      'Your schedule: <a href="https://portal.example.org/schedule/sv">https://portal.example.org/schedule/sv</a>. ' +
        'The portal (<a href="https://portal.example.org/dashboard">https://portal.example.org/dashboard</a>), ' +
        '<a href="https://portal.example.org/schedule/sv">here</a>, <code>https://portal.example.org</code>, ' +
        '<a href="https://portal.example.org/x">https://portal.example.org</a>',
    );
    expect(text).toBe(
      'Your schedule: https://portal.example.org/schedule/sv. The portal (https://portal.example.org/dashboard), ' +
        'here (https://portal.example.org/schedule/sv), https://portal.example.org, https://portal.example.org (https://portal.example.org/x)',
    );
  });

  it('checks a link target holding merge values for each recipient: made absolute, encoded, dropped when not a web address', () => {
    const rendering = renderMessageBody('[Form](https://forms.example.org/?svid={svid}&name={fullName}) and {scheduleUrl}', PORTAL);
    expect(rendering.links).toHaveLength(2);
    const { html, text } = fillMessageBody(
      rendering,
      values({ fullName: 'Ada "Bo" Lovelace', scheduleUrl: 'javascript:alert(1)' }),
      PORTAL,
    );
    expect(html).toContain('<a href="https://forms.example.org/?svid=SV-0042&amp;name=Ada%20%22Bo%22%20Lovelace">Form</a>');
    expect(html).toContain('<a href="#">javascript:alert(1)</a>');
    expect(text).toContain('Form (https://forms.example.org/?svid=SV-0042&name=Ada%20%22Bo%22%20Lovelace)');
  });

  it('keeps text that looks like a merge slot as text', () => {
    const { html } = renderMarkdown('A \u0001firstName\u0002 b', values(), PORTAL);
    expect(html).not.toContain('Ada');
    expect(html).toContain('A \uFFFDfirstName\uFFFD b');
    // Nor can an entity write one.
    expect(renderMarkdown('A &#1;firstName&#x2; b', values(), PORTAL).html).toContain('A \uFFFDfirstName\uFFFD b');
  });

  it.each([
    ['addresses', 'http://a.'.repeat(2222)],
    ['emphasis', '*a'.repeat(10_000)],
    ['links', '['.repeat(20_000)],
  ])('refuses the hostile body over the %s limit before parsing it', (limit, body) => {
    let refused: unknown;
    try {
      renderMessageBody(body, PORTAL);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(MarkdownLimitError);
    expect((refused as MarkdownLimitError).problem.limit).toBe(limit);
  });

  it('makes no more links than the limits count, so a body within them holds a bounded number of links', () => {
    const piece = fc.constantFrom(
      '[a](/b)',
      '<https://c.org>',
      'https://d.org',
      'e@f.org',
      '![g](/h.png)',
      '{scheduleUrl}',
      '*i*',
      ' ',
      '\n',
      'j',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const body = pieces.join('');
        const rendering = renderMessageBody(body, PORTAL);
        const made = (rendering.html.match(/<a |<img /g) ?? []).length;
        const counted = countMarkdown(body);
        expect(made).toBeLessThanOrEqual(counted.links + counted.addresses + pieces.filter((p) => p === '{scheduleUrl}').length);
      }),
    );
    expect(MARKDOWN_LIMITS.links + MARKDOWN_LIMITS.addresses).toBe(400);
  });
});

describe('plainMessageBody', () => {
  it('keeps a body as paragraphs of escaped text with its merge values', () => {
    const rendering = plainMessageBody('*a* <b>{firstName}</b>\n\n[x](y)\nz');
    expect(fillMessageBody(rendering, values(), PORTAL)).toEqual({
      html: '<p>*a* &lt;b&gt;Ada&lt;/b&gt;</p>\n<p>[x](y)<br>\nz</p>\n',
      text: '*a* <b>Ada</b>\n\n[x](y)\nz',
    });
  });
});

describe('renderSubject', () => {
  it('fills the fields and keeps the subject on one line', () => {
    expect(renderSubject('Shift for {firstName}\n{svid}', values({ firstName: 'A\r\nB' }))).toBe('Shift for A B SV-0042');
  });
});

describe('absoluteLink', () => {
  it('keeps web and mail addresses only', () => {
    expect(absoluteLink('dashboard', PORTAL)).toBe('https://portal.example.org/dashboard');
    expect(absoluteLink('data:text/html,x', PORTAL)).toBeNull();
  });
});
