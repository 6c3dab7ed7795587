import type { CertificateLetter } from '@svp/domain';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { FontCatalogue, type Weight } from './certificate-fonts.js';
import { GlyphPdf } from './glyph-pdf.js';
import { type ShapedLine, layoutLine, plainLine } from './text-layout.js';

/** US Letter, in points. */
const PAGE = { width: 612, height: 792 };
const TEXT_WIDTH = 444;
type Colour = readonly [number, number, number];
const INK: Colour = [0.12, 0.12, 0.14];
const MUTED: Colour = [0.38, 0.38, 0.42];
const ACCENT: Colour = [0.16, 0.29, 0.48];

export interface CertificateDocument {
  title: string;
  author: string;
  /** The server's clock: the document's creation date. */
  createdAt: Date;
}

/** A page whose text could not all be drawn as typed: what was drawn instead, and why. */
export interface CertificateFallback {
  /** The page, from 1. */
  page: number;
  svid: string;
  name: string;
  /** Characters no font has (drawn as an empty box), as U+XXXX. */
  characters: string[];
  /** Set when shaping failed and the line was drawn character by character in Noto Sans. */
  error?: string;
}

export interface RenderedCertificates {
  bytes: Uint8Array;
  fallbacks: CertificateFallback[];
}

interface Line {
  text: string;
  size: number;
  weight?: Weight;
  color?: Colour;
}

const codePointName = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Lays out one page's lines: shapes them, and notes what could not be drawn as typed. */
class PageLayout {
  readonly characters = new Set<string>();
  error: string | undefined;

  constructor(private readonly catalogue: FontCatalogue) {}

  shape(text: string, weight: Weight): ShapedLine {
    let line: ShapedLine;
    try {
      line = layoutLine(text, weight, this.catalogue);
    } catch (error) {
      // Never a failed page: the line is drawn as plain characters and the page is reported.
      this.error ??= error instanceof Error ? error.message : String(error);
      line = plainLine(text, weight, this.catalogue);
    }
    for (const character of line.missing) this.characters.add(codePointName(character));
    return line;
  }
}

/** Draws centred lines of text on a page, top to bottom, from `y`. */
class PageWriter {
  constructor(
    private readonly page: PDFPage,
    private readonly pdf: GlyphPdf,
    private readonly layout: PageLayout,
    public y: number,
  ) {}

  line({ text, size, weight = 'regular', color = INK }: Line): void {
    const shaped = this.layout.shape(text, weight);
    // A line wider than the text block (a long name) is set smaller until it fits.
    const fitted = Math.min(size, TEXT_WIDTH / Math.max(shaped.width, 1e-6));
    this.y -= fitted;
    this.pdf.drawLine(this.page, shaped, (PAGE.width - shaped.width * fitted) / 2, this.y, fitted, color);
    this.y -= fitted * 0.45;
  }

  /** A paragraph broken into centred lines no wider than the text block. */
  paragraph(text: string, size: number): void {
    const words = text.split(/\s+/).filter(Boolean);
    const space = this.layout.shape(' ', 'regular').width * size;
    let line = '';
    let width = 0;
    for (const word of words) {
      const wordWidth = this.layout.shape(word, 'regular').width * size;
      if (line && width + space + wordWidth > TEXT_WIDTH) {
        this.line({ text: line, size });
        line = word;
        width = wordWidth;
      } else {
        line = line ? `${line} ${word}` : word;
        width = line === word ? wordWidth : width + space + wordWidth;
      }
    }
    if (line) this.line({ text: line, size });
  }

  gap(points: number): void {
    this.y -= points;
  }
}

const toRgb = ([r, g, b]: Colour) => rgb(r, g, b);

function drawCertificate(doc: PDFDocument, pdf: GlyphPdf, layout: PageLayout, letter: CertificateLetter): void {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const accent = toRgb(ACCENT);
  page.drawRectangle({ x: 30, y: 30, width: PAGE.width - 60, height: PAGE.height - 60, borderColor: accent, borderWidth: 2 });
  page.drawRectangle({ x: 38, y: 38, width: PAGE.width - 76, height: PAGE.height - 76, borderColor: accent, borderWidth: 0.6 });

  const writer = new PageWriter(page, pdf, layout, PAGE.height - 110);
  writer.line({ text: letter.edition, size: 13, color: ACCENT });
  writer.gap(22);
  writer.line({ text: letter.title, size: 32, weight: 'bold' });
  writer.gap(40);
  writer.line({ text: letter.certifies, size: 14, color: MUTED });
  writer.gap(14);
  writer.line({ text: letter.name, size: 28, weight: 'bold' });
  writer.line({ text: letter.svid, size: 11, color: MUTED });
  writer.gap(20);
  for (const paragraph of letter.paragraphs) {
    writer.paragraph(paragraph, 13);
    writer.gap(12);
  }

  // The signature sits at the foot of the page, whatever the length of the text above it.
  const foot = new PageWriter(page, pdf, layout, 190);
  page.drawLine({
    start: { x: PAGE.width / 2 - 130, y: foot.y },
    end: { x: PAGE.width / 2 + 130, y: foot.y },
    thickness: 0.8,
    color: toRgb(MUTED),
  });
  foot.gap(10);
  foot.line({ text: letter.signature, size: 14, weight: 'bold' });
  foot.gap(4);
  foot.line({ text: letter.issued, size: 11, color: MUTED });
}

/** A last page for the organisers: which pages could not be drawn as typed, and what they show instead. */
function drawNotes(doc: PDFDocument, pdf: GlyphPdf, layout: PageLayout, fallbacks: CertificateFallback[]): void {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const writer = new PageWriter(page, pdf, layout, PAGE.height - 90);
  writer.line({ text: 'For the organisers: names not printed as typed', size: 16, weight: 'bold' });
  writer.gap(10);
  writer.paragraph(
    "No font in the server's font directory (CERTIFICATE_FONT_DIR) has the characters below: they print as empty boxes. " +
      'Install the Noto font for their script, or print these certificates by hand.',
    11,
  );
  writer.gap(10);
  for (const fallback of fallbacks) {
    const what = fallback.error ? `could not be shaped (${fallback.error}); printed letter by letter` : fallback.characters.join(' ');
    writer.paragraph(`Page ${fallback.page}, SV ID ${fallback.svid}: ${what}`, 11);
  }
}

const catalogues = new Map<string, FontCatalogue>();

/** The fonts of a directory, read once per process. */
export function fontCatalogue(directory: string): FontCatalogue {
  let catalogue = catalogues.get(directory);
  if (!catalogue) {
    catalogue = new FontCatalogue(directory);
    catalogues.set(directory, catalogue);
  }
  return catalogue;
}

/**
 * One PDF with a page per letter, fonts embedded once and subset to what the pages use, from the
 * fonts of `fontDirectory`. A page whose text could not all be drawn as typed is still drawn, and
 * listed in `fallbacks`.
 */
export async function renderCertificates(
  letters: readonly CertificateLetter[],
  meta: CertificateDocument,
  fontDirectory: string,
  options: { notes?: boolean } = {},
): Promise<RenderedCertificates> {
  const catalogue = fontCatalogue(fontDirectory);
  const doc = await PDFDocument.create();
  const pdf = new GlyphPdf(doc);
  pdf.setSpaceFont(catalogue.base('regular'));
  const fallbacks: CertificateFallback[] = [];
  letters.forEach((letter, index) => {
    const layout = new PageLayout(catalogue);
    drawCertificate(doc, pdf, layout, letter);
    if (layout.characters.size || layout.error) {
      fallbacks.push({
        page: index + 1,
        svid: letter.svid.replace(/^SV ID /, ''),
        name: letter.name,
        characters: [...layout.characters],
        ...(layout.error ? { error: layout.error } : {}),
      });
    }
  });
  if (options.notes && fallbacks.length) drawNotes(doc, pdf, new PageLayout(catalogue), fallbacks);
  await pdf.finish();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject('Certificate of service');
  doc.setCreator('SV Portal');
  doc.setProducer('SV Portal');
  doc.setLanguage('en');
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  return { bytes: await doc.save(), fallbacks };
}
