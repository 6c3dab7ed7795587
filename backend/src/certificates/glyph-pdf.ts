import { createHash } from 'node:crypto';
import { type PDFDocument, PDFName, type PDFPage, type PDFRef, PDFString } from 'pdf-lib';
import type { LoadedFont } from './certificate-fonts.js';
import { fontTables, subsetFont } from './font-subset.js';
import type { GlyphRun, ShapedLine } from './text-layout.js';

/**
 * Draws shaped glyph runs into a pdf-lib document. pdf-lib lays text out itself, one character after
 * another, so it cannot draw what HarfBuzz shaped; this writes the fonts (Type 0, Identity-H, each
 * subset to the glyphs the document uses) and the text operators itself:
 *
 * - each line is a marked-content span whose ActualText is the line as typed, so a reader that copies
 *   or extracts the text (pdftotext, a screen reader) gets the characters in their logical order
 *   even where the glyphs are reordered (Devanagari vowel signs) or right to left;
 * - each glyph also maps to its characters in the font's ToUnicode table, for readers without
 *   ActualText;
 * - colour emoji (bitmaps in their font, which no PDF font can carry) are drawn as PNG images, with an
 *   invisible space under each so the span has text to replace.
 *
 * Drawing is recorded first and written by finish(): a subset renumbers glyphs, so the numbers are
 * known only once every page is laid out.
 */

type Colour = readonly [number, number, number];

interface DrawnLine {
  line: ShapedLine;
  x: number;
  y: number;
  size: number;
  colour: Colour;
}

interface FontUse {
  font: LoadedFont;
  resource: string;
  ref: PDFRef;
  /** Original glyph id → the characters it stands for ('' when it stands for none of its own). */
  glyphs: Map<number, string>;
  /** Original glyph id → the CID drawn, known once subset. */
  cids?: Map<number, number>;
  /** CID → width, in thousandths of an em. */
  widths?: Map<number, number>;
}

const fixed = (n: number) => (Math.abs(n) < 1e-6 ? '0' : n.toFixed(3).replace(/\.?0+$/, ''));
const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const utf16Hex = (text: string) =>
  [...text].map((c) => [...Buffer.from(c, 'utf16le').swap16()].map((b) => b.toString(16).padStart(2, '0')).join('')).join('');

export class GlyphPdf {
  private readonly fonts = new Map<string, FontUse>();
  private readonly pages = new Map<PDFPage, DrawnLine[]>();
  private readonly images = new Map<string, { ref: PDFRef; resource: string; width: number; height: number }>();
  private spaceOf: LoadedFont | null = null;

  constructor(private readonly doc: PDFDocument) {}

  /** Records a line whose left end is at x and baseline at y, in points. */
  drawLine(page: PDFPage, line: ShapedLine, x: number, y: number, size: number, colour: Colour): void {
    for (const run of line.runs) {
      if (run.font.colour) continue;
      const use = this.use(run.font);
      for (const glyph of run.glyphs) if (!use.glyphs.get(glyph.id)) use.glyphs.set(glyph.id, glyph.text);
    }
    const lines = this.pages.get(page) ?? [];
    lines.push({ line, x, y, size, colour });
    this.pages.set(page, lines);
  }

  /** The font used for a colour emoji's invisible stand-in: a space of the first text font of the document. */
  setSpaceFont(font: LoadedFont): void {
    this.spaceOf = font;
  }

  private use(font: LoadedFont): FontUse {
    let use = this.fonts.get(font.id);
    if (!use) {
      use = { font, resource: `SVF${this.fonts.size + 1}`, ref: this.doc.context.nextRef(), glyphs: new Map() };
      this.fonts.set(font.id, use);
    }
    return use;
  }

  /** Subsets and embeds every font, embeds the emoji pictures, and writes each page's text. */
  async finish(): Promise<void> {
    const space = this.spaceOf ? this.spaceGlyph(this.spaceOf) : null;
    for (const use of this.fonts.values()) this.embedFont(use);
    for (const [page, lines] of this.pages) {
      let content = '';
      const fonts = new Set<FontUse>();
      const images = new Set<string>();
      for (const drawn of lines) content += await this.lineOperators(drawn, fonts, images, space);
      for (const use of fonts) page.node.setFontDictionary(PDFName.of(use.resource), use.ref);
      for (const key of images) {
        const image = this.images.get(key)!;
        page.node.setXObject(PDFName.of(image.resource), image.ref);
      }
      page.node.addContentStream(this.doc.context.register(this.doc.context.flateStream(content)));
    }
  }

  private spaceGlyph(font: LoadedFont): { use: FontUse; id: number } | null {
    const id = font.shaper.glyph(0x20);
    if (id === undefined) return null;
    const use = this.use(font);
    if (!use.glyphs.has(id)) use.glyphs.set(id, ' ');
    return { use, id };
  }

  private async lineOperators(
    { line, x, y, size, colour }: DrawnLine,
    fonts: Set<FontUse>,
    images: Set<string>,
    space: { use: FontUse; id: number } | null,
  ): Promise<string> {
    let text = '';
    let pictures = '';
    for (const run of line.runs) {
      if (run.font.colour) {
        pictures += await this.emojiOperators(run, x, y, size, images);
        if (space) {
          fonts.add(space.use);
          text += this.textOperators(
            space.use,
            run.glyphs.map((g) => ({ ...g, id: space.id })),
            x,
            y,
            size,
            3,
          );
        }
      } else {
        const use = this.fonts.get(run.font.id)!;
        fonts.add(use);
        text += this.textOperators(use, run.glyphs, x, y, size, 0);
      }
    }
    const [r, g, b] = colour.map(fixed);
    // Inside the text object: poppler places a span closed after ET upside down. A line holding
    // right-to-left text has no span: poppler would reverse its logical order once more, and its
    // glyphs' ToUnicode entries (a letter each, in visual order) already read right.
    const span = line.rtl ? null : `/Span <</ActualText <FEFF${utf16Hex(line.text)}>>> BDC\n`;
    return `q\n${pictures}BT\n${r} ${g} ${b} rg\n${span ?? ''}${text}${span ? 'EMC\n' : ''}ET\nQ\n`;
  }

  /** One run's glyphs as TJ arrays: each placed where HarfBuzz put it, by adjusting the font's own advance. */
  private textOperators(use: FontUse, glyphs: GlyphRun['glyphs'], x: number, y: number, size: number, mode: number): string {
    let out = `/${use.resource} ${fixed(size)} Tf\n${mode} Tr\n`;
    let pen: { x: number; y: number } | null = null;
    let array = '';
    const flush = () => {
      if (array) out += `[${array}] TJ\n`;
      array = '';
    };
    for (const glyph of glyphs) {
      const cid = use.cids!.get(glyph.id) ?? 0;
      const gx = x + glyph.x * size;
      const gy = y + glyph.y * size;
      if (!pen || Math.abs(gy - pen.y) > 1e-3) {
        flush();
        out += `1 0 0 1 ${fixed(gx)} ${fixed(gy)} Tm\n`;
        pen = { x: gx, y: gy };
      } else {
        const adjust = ((pen.x - gx) / size) * 1000;
        if (Math.abs(adjust) > 0.05) array += ` ${fixed(adjust)} `;
      }
      array += `<${hex4(cid)}>`;
      pen.x = gx + ((use.widths!.get(cid) ?? 0) / 1000) * size;
    }
    flush();
    return out;
  }

  private async emojiOperators(run: GlyphRun, x: number, y: number, size: number, images: Set<string>): Promise<string> {
    let out = '';
    const ascender = run.font.shaper.hExtents().ascender / run.font.upem;
    for (const glyph of run.glyphs) {
      const key = `${run.font.id}:${glyph.id}`;
      let image = this.images.get(key);
      if (!image) {
        const png = run.font.shaper.getGlyphColorPng(glyph.id);
        if (!png) continue;
        const embedded = await this.doc.embedPng(png);
        image = { ref: embedded.ref, resource: `SVE${this.images.size + 1}`, width: embedded.width, height: embedded.height };
        this.images.set(key, image);
      }
      images.add(key);
      const width = glyph.advance * size;
      const height = (width * image.height) / image.width;
      const top = y + (ascender + glyph.y) * size;
      out += `q ${fixed(width)} 0 0 ${fixed(height)} ${fixed(x + glyph.x * size)} ${fixed(top - height)} cm /${image.resource} Do Q\n`;
    }
    return out;
  }

  private embedFont(use: FontUse): void {
    const { font } = use;
    const subset = subsetFont(font.file, font.faceIndex, use.glyphs.keys());
    const cff = fontTables(subset.bytes).has('CFF ');
    const scale = 1000 / font.upem;
    use.cids = new Map();
    use.widths = new Map();
    for (const [original, cid] of subset.glyphIds) {
      use.cids.set(original, cid);
      use.widths.set(cid, Math.round(font.shaper.glyphHAdvance(original) * scale));
    }
    const context = this.doc.context;
    // A subset's name starts with six capital letters of its own: from the font and the glyphs kept, so the same subset has the same name.
    const digest = createHash('sha256')
      .update(font.id)
      .update(JSON.stringify([...use.glyphs.keys()].sort((a, b) => a - b)))
      .digest();
    const prefix = [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
    const baseFont = `${prefix}+${font.postscriptName}`;
    const head = fontTables(subset.bytes).get('head')!;
    const view = new DataView(subset.bytes.buffer, subset.bytes.byteOffset, subset.bytes.byteLength);
    const bbox = [36, 38, 40, 42].map((offset) => Math.round(view.getInt16(head[0] + offset) * scale));
    const extents = font.shaper.hExtents();
    const fontFile = context.flateStream(subset.bytes, cff ? { Subtype: 'OpenType' } : { Length1: subset.bytes.length });
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: baseFont,
      Flags: 4,
      FontBBox: bbox,
      ItalicAngle: 0,
      Ascent: Math.round(extents.ascender * scale),
      Descent: Math.round(extents.descender * scale),
      CapHeight: Math.round(extents.ascender * scale),
      StemV: 80,
      [cff ? 'FontFile3' : 'FontFile2']: context.register(fontFile),
    });
    const widths: (number | number[])[] = [];
    for (const [cid, width] of [...use.widths].sort((a, b) => a[0] - b[0])) widths.push(cid, [width]);
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      DW: 0,
      W: widths,
      ...(cff ? {} : { CIDToGIDMap: 'Identity' }),
    });
    const toUnicode = context.flateStream(this.toUnicode(use));
    context.assign(
      use.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [context.register(cidFont)],
        ToUnicode: context.register(toUnicode),
      }),
    );
  }

  private toUnicode(use: FontUse): string {
    const entries = [...use.glyphs]
      .filter(([, text]) => text)
      .map(([glyph, text]) => `<${hex4(use.cids!.get(glyph)!)}> <${utf16Hex(text)}>`)
      .sort();
    let blocks = '';
    for (let i = 0; i < entries.length; i += 100) {
      const block = entries.slice(i, i + 100);
      blocks += `${block.length} beginbfchar\n${block.join('\n')}\nendbfchar\n`;
    }
    return (
      '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
      '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
      blocks +
      'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n'
    );
  }
}
