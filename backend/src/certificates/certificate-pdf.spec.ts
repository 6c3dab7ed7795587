import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CONFERENCE, certificateLetter } from '@svp/domain';
import { pdfText } from '../testing/pdf-text.js';
import { renderCertificates } from './certificate-pdf.js';

const letter = (name: string, workedHours = 12.67) =>
  certificateLetter({ name, svid: '123456', teamLeader: false, workedHours }, DEFAULT_CONFERENCE, '2026-08-20');
const meta = {
  title: 'Certificate of Service',
  author: 'The SIGGRAPH 2026 Student Volunteer Program',
  createdAt: new Date('2026-08-20T17:00:00.000Z'),
};

describe('renderCertificates', () => {
  it('lays out every line of the letter on one page, readable as text', async () => {
    const { pages, info } = await pdfText(await renderCertificates([letter('Ann Able')], meta));
    expect(pages).toHaveLength(1);
    const lines = pages[0]!.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'SIGGRAPH 2026 · Vancouver',
      'Certificate of Service',
      'This certifies that',
      'Ann Able',
      'SV ID 123456',
    ]);
    expect(lines.slice(-2)).toEqual(['The SIGGRAPH 2026 Student Volunteer Program', 'Issued on 20 August 2026']);
    // The paragraphs, broken into lines that fit the page.
    expect(lines.slice(5, -2).join(' ')).toBe(`${letter('Ann Able').paragraphs.join(' ')}`);
    expect(pages[0]!.replace(/\n/g, ' ')).toContain(
      'held in Vancouver from 8 to 13 August 2026, and worked 12.67 hours, as recorded at the check-in and check-out of each shift.',
    );
    expect(info).toMatchObject({
      Title: 'Certificate of Service',
      Author: 'The SIGGRAPH 2026 Student Volunteer Program',
      Creator: 'SV Portal',
    });
  });

  it('prints names in Latin, Greek, Cyrillic and Vietnamese letters as typed, and fits a long name on its line', async () => {
    const names = [
      'Émile Zoë Łukasiewicz',
      'Οδυσσέας Ελύτης',
      'Анна Ахматова',
      'Nguyễn Thị Minh Khai',
      `Maximiliana ${'Wolfeschlegelsteinhausen'.repeat(3)}`,
    ];
    const { pages } = await pdfText(
      await renderCertificates(
        names.map((name) => letter(name)),
        meta,
      ),
    );
    // The Vietnamese font draws 'ị' as 'i' and a combining dot; the dot's glyph stands for no character
    // of its own, which PDF.js reads back as a control character. What the reader sees is the name.
    const readBack = (page: string) =>
      page
        .split('\n')[3]!
        .replace(/\p{Cc}/gu, '')
        .normalize('NFC');
    expect(pages.map(readBack)).toEqual(names.map((name) => name.normalize('NFC')));
  });
});
