import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { type CertificateLetter, DEFAULT_CONFERENCE, certificateLetter } from '@svp/domain';
import { pdfText } from '../testing/pdf-text.js';
import { type CertificateDocument, renderCertificates as render } from './certificate-pdf.js';
import { DEFAULT_FONT_DIR } from '../config/font-files.js';

const FONTS = process.env.CERTIFICATE_FONT_DIR ?? DEFAULT_FONT_DIR;
const ARTIFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../test/artifacts/certificates');
const renderCertificates = async (letters: CertificateLetter[], document: CertificateDocument) =>
  (await render(letters, document, FONTS)).bytes;

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

/** What poppler's pdftotext reads from a PDF: a page's lines, empty ones left out. */
function pdftotextPages(bytes: Uint8Array): string[][] {
  const folder = mkdtempSync(join(tmpdir(), 'svp-certificate-'));
  try {
    writeFileSync(join(folder, 'c.pdf'), bytes);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(folder, 'c.pdf'), '-'], { encoding: 'utf8' });
    return text
      .split('\f')
      .filter((page) => page.trim())
      .map((page) => page.split('\n').filter((line) => line.trim()));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('names in every script', () => {
  // One name per script the programme's volunteers write in; each must come back as typed.
  const names = [
    'Émile Zoë Łukasiewicz',
    'Οδυσσέας Ελύτης',
    'Анна Ахматова',
    'Nguyễn Thị Minh Khai',
    '王小明',
    '山田 はなこ',
    '김민준',
    'محمد بن سلمان',
    'דוד בן־גוריון',
    'देवी शर्मा',
    'রবীন্দ্রনাথ ঠাকুর',
    'சுப்பிரமணிய பாரதி',
    'สมชาย ใจดี',
    'Ana 👩🏽‍💻 🇯🇵',
  ];

  it('draws a batch with a name in each script from real fonts, and pdftotext reads every name back as written', async () => {
    const { bytes, fallbacks } = await render(
      names.map((name) => letter(name)),
      meta,
      FONTS,
    );
    expect(fallbacks).toEqual([]);
    const pages = pdftotextPages(bytes);
    expect(pages).toHaveLength(names.length);
    // The line after 'This certifies that'. poppler wraps a right-to-left line in embedding marks (U+202B…U+202C).
    const readBack = pages.map((lines) => lines[lines.indexOf('This certifies that') + 1]!.replace(/[\u202a-\u202e]/g, ''));
    expect(readBack).toEqual(names);
    // The pages, and as pictures to look at (test/artifacts is git-ignored).
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const old of readdirSync(ARTIFACTS)) if (old.startsWith('scripts')) rmSync(join(ARTIFACTS, old));
    const file = join(ARTIFACTS, 'scripts.pdf');
    writeFileSync(file, bytes);
    // Every script in a font of its own, embedded and subset; the emoji as pictures.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    for (const family of ['NotoSans-Bold', 'NotoSansCJKjp-Bold', 'NotoSansCJKkr-Bold', 'NotoSansCJKsc-Bold', 'NotoSansArabic-Bold']) {
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${family} .* yes yes yes`));
    }
    for (const family of ['Hebrew', 'Devanagari', 'Bengali', 'Tamil', 'Thai']) expect(fonts).toContain(`NotoSans${family}-Bold`);
    const images = execFileSync('pdfimages', ['-list', '-f', '14', '-l', '14', file], { encoding: 'utf8' });
    expect(images.split('\n').filter((line) => /^\s+14\s/.test(line)).length).toBeGreaterThanOrEqual(2);

    execFileSync('pdftoppm', ['-r', '60', '-png', join(ARTIFACTS, 'scripts.pdf'), join(ARTIFACTS, 'scripts')]);
    execFileSync('pdftoppm', [
      '-r',
      '110',
      '-png',
      '-x',
      '140',
      '-y',
      '375',
      '-W',
      '660',
      '-H',
      '95',
      join(ARTIFACTS, 'scripts.pdf'),
      join(ARTIFACTS, 'scripts-name'),
    ]);
    expect(readdirSync(ARTIFACTS).filter((file) => file.startsWith('scripts-name')).length).toBe(names.length);
  });

  it('draws a character no font has as an empty box, and reports the page instead of failing the batch', async () => {
    // U+0378 is unassigned: no font will ever have it.
    const { bytes, fallbacks } = await render([letter('Ann Able'), letter('Bo \u0378 Brown'), letter('देवी शर्मा')], meta, FONTS, {
      notes: true,
    });
    expect(fallbacks).toEqual([{ page: 2, svid: '123456', name: 'Bo \u0378 Brown', characters: ['U+0378'] }]);
    const pages = pdftotextPages(bytes);
    expect(pages).toHaveLength(4);
    expect(pages[2]).toContain('देवी शर्मा');
    // The administrators' copy ends with a note naming the page.
    expect(pages[3]!.join(' ')).toContain('Page 2, SV ID 123456: U+0378');
  });
});
