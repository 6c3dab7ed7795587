import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * Noto Sans (from @fontsource/noto-sans, SIL Open Font License) in the slices it is published in:
 * Latin, Latin Extended, Greek, Cyrillic and Vietnamese, so names in those scripts print as typed.
 * The standard PDF fonts only know Western European letters. Scripts outside these slices (Chinese,
 * Japanese, Korean, Arabic, Devanagari…) have no glyphs here.
 */
const SLICES = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'] as const;

export type Weight = 'regular' | 'bold';
const WEIGHTS: Record<Weight, number> = { regular: 400, bold: 700 };

interface FontFile {
  key: string;
  bytes: Uint8Array;
  covers(codePoint: number): boolean;
}

const require = createRequire(import.meta.url);
const loaded = new Map<Weight, FontFile[]>();

/** The slices of one weight, read once per process. */
function fontFiles(weight: Weight): FontFile[] {
  let files = loaded.get(weight);
  if (!files) {
    files = SLICES.map((slice) => {
      const key = `noto-sans-${slice}-${WEIGHTS[weight]}-normal`;
      const bytes = new Uint8Array(readFileSync(require.resolve(`@fontsource/noto-sans/files/${key}.woff`)));
      const font = fontkit.create(bytes);
      return { key, bytes, covers: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
    });
    loaded.set(weight, files);
  }
  return files;
}

/** A piece of text drawn in one font. */
export interface TextRun {
  font: PDFFont;
  text: string;
}

/**
 * The fonts of one PDF: each slice is embedded (subset to the glyphs used) the first time a text
 * needs it, and a text is cut into runs, each in the first slice that has its characters.
 */
export class CertificateFonts {
  private readonly embedded = new Map<string, Promise<PDFFont>>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit);
  }

  private embed(file: FontFile): Promise<PDFFont> {
    let font = this.embedded.get(file.key);
    if (!font) {
      font = this.doc.embedFont(file.bytes, { subset: true });
      this.embedded.set(file.key, font);
    }
    return font;
  }

  async runs(text: string, weight: Weight): Promise<TextRun[]> {
    const files = fontFiles(weight);
    const pieces: { file: FontFile; text: string }[] = [];
    for (const character of text) {
      const codePoint = character.codePointAt(0)!;
      const current = pieces[pieces.length - 1];
      // Stay in the run's font while it has the character (spaces, marks): fewer, longer runs.
      if (current?.file.covers(codePoint)) {
        current.text += character;
        continue;
      }
      const file = files.find((f) => f.covers(codePoint)) ?? current?.file ?? files[0]!;
      if (current && current.file === file) current.text += character;
      else pieces.push({ file, text: character });
    }
    return Promise.all(pieces.map(async (piece) => ({ font: await this.embed(piece.file), text: piece.text })));
  }
}

/** The width of runs at a size, in points. */
export function runsWidth(runs: readonly TextRun[], size: number): number {
  return runs.reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
}
