import type { CertificateLetter } from '@svp/domain';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { CertificateFonts, type Weight, runsWidth } from './certificate-fonts.js';

/** US Letter, in points. */
const PAGE = { width: 612, height: 792 };
const TEXT_WIDTH = 444;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.38, 0.38, 0.42);
const ACCENT = rgb(0.16, 0.29, 0.48);

export interface CertificateDocument {
  title: string;
  author: string;
  /** The server's clock: the document's creation date. */
  createdAt: Date;
}

interface Line {
  text: string;
  size: number;
  weight?: Weight;
  color?: ReturnType<typeof rgb>;
}

/** Draws centred lines of text on a page, top to bottom, from `y`. */
class PageWriter {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: CertificateFonts,
    public y: number,
  ) {}

  async line({ text, size, weight = 'regular', color = INK }: Line): Promise<void> {
    const runs = await this.fonts.runs(text, weight);
    // A line wider than the text block (a long name) is set smaller until it fits.
    const fitted = Math.min(size, size * (TEXT_WIDTH / Math.max(runsWidth(runs, size), 1)));
    let x = (PAGE.width - runsWidth(runs, fitted)) / 2;
    this.y -= fitted;
    for (const run of runs) {
      this.page.drawText(run.text, { x, y: this.y, size: fitted, font: run.font, color });
      x += run.font.widthOfTextAtSize(run.text, fitted);
    }
    this.y -= fitted * 0.45;
  }

  /** A paragraph broken into centred lines no wider than the text block. */
  async paragraph(text: string, size: number): Promise<void> {
    const words = text.split(/\s+/).filter(Boolean);
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && runsWidth(await this.fonts.runs(candidate, 'regular'), size) > TEXT_WIDTH) {
        await this.line({ text: line, size });
        line = word;
      } else line = candidate;
    }
    if (line) await this.line({ text: line, size });
  }

  gap(points: number): void {
    this.y -= points;
  }
}

async function drawCertificate(doc: PDFDocument, fonts: CertificateFonts, letter: CertificateLetter): Promise<void> {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({ x: 30, y: 30, width: PAGE.width - 60, height: PAGE.height - 60, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 38, y: 38, width: PAGE.width - 76, height: PAGE.height - 76, borderColor: ACCENT, borderWidth: 0.6 });

  const writer = new PageWriter(page, fonts, PAGE.height - 110);
  await writer.line({ text: letter.edition, size: 13, color: ACCENT });
  writer.gap(22);
  await writer.line({ text: letter.title, size: 32, weight: 'bold' });
  writer.gap(40);
  await writer.line({ text: letter.certifies, size: 14, color: MUTED });
  writer.gap(14);
  await writer.line({ text: letter.name, size: 28, weight: 'bold' });
  await writer.line({ text: letter.svid, size: 11, color: MUTED });
  writer.gap(20);
  for (const paragraph of letter.paragraphs) {
    await writer.paragraph(paragraph, 13);
    writer.gap(12);
  }

  // The signature sits at the foot of the page, whatever the length of the text above it.
  const foot = new PageWriter(page, fonts, 190);
  page.drawLine({
    start: { x: PAGE.width / 2 - 130, y: foot.y },
    end: { x: PAGE.width / 2 + 130, y: foot.y },
    thickness: 0.8,
    color: MUTED,
  });
  foot.gap(10);
  await foot.line({ text: letter.signature, size: 14, weight: 'bold' });
  foot.gap(4);
  await foot.line({ text: letter.issued, size: 11, color: MUTED });
}

/** One PDF with a page per letter, fonts embedded once and subset to what the pages use. */
export async function renderCertificates(letters: readonly CertificateLetter[], meta: CertificateDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = new CertificateFonts(doc);
  for (const letter of letters) await drawCertificate(doc, fonts, letter);
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject('Certificate of service');
  doc.setCreator('SV Portal');
  doc.setProducer('SV Portal');
  doc.setLanguage('en');
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  return doc.save();
}
