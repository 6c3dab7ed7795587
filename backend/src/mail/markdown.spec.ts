import { describe, expect, it } from '@jest/globals';
import type { MergeValues } from '@svp/domain';
import { absoluteLink, renderMarkdown, renderSubject } from './markdown.js';

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
