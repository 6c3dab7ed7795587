import { readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';
import { FONT_FAMILIES, type FontFamily, type Weight, findFontFiles, moreNotoSansFamilies } from '../config/font-files.js';

export type { Weight } from '../config/font-files.js';

/** One face of a font file, ready to shape with HarfBuzz and to embed. */
export interface LoadedFont {
  /** Unique within a catalogue: family, weight and face. */
  id: string;
  family: FontFamily;
  file: Uint8Array;
  faceIndex: number;
  upem: number;
  shaper: hb.Font;
  postscriptName: string;
  colour: boolean;
  covers(codePoint: number): boolean;
}

/** The faces of a collection such as Noto Sans CJK, one per region: Japanese, Korean, Simplified Chinese. */
export type CjkRegion = 'JP' | 'KR' | 'SC';
const CJK_FACES: Record<CjkRegion, number> = { JP: 0, KR: 1, SC: 2 };

/** Which region's glyphs a text's Chinese characters take: kana say Japanese, Hangul Korean, else Simplified Chinese. */
export function cjkRegionOf(text: string): CjkRegion {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'JP';
  if (/\p{Script=Hangul}/u.test(text)) return 'KR';
  return 'SC';
}

/**
 * The fonts of one font directory, read once per process (a worker's) and loaded when a text first
 * needs them: a certificate in Latin letters never reads the 20 MB CJK collection.
 */
export class FontCatalogue {
  private readonly files: Map<string, string>;
  private readonly bytes = new Map<string, Uint8Array | null>();
  private readonly loaded = new Map<string, LoadedFont | null>();
  private readonly families: FontFamily[];

  constructor(readonly directory: string) {
    this.files = findFontFiles(directory);
    this.families = [...FONT_FAMILIES, ...moreNotoSansFamilies(this.files)];
  }

  /** The families in the order a character is looked for; the first few are the ones named in FONT_FAMILIES. */
  get order(): readonly FontFamily[] {
    return this.families;
  }

  get explicitCount(): number {
    return FONT_FAMILIES.length;
  }

  /** The face of a family at a weight, or null when its file is not in the directory. */
  font(family: FontFamily, weight: Weight, region: CjkRegion = 'SC'): LoadedFont | null {
    const faceIndex = family.collection ? CJK_FACES[region] : 0;
    const id = `${family.key}-${weight}-${faceIndex}`;
    if (this.loaded.has(id)) return this.loaded.get(id)!;
    const file = this.read(family.files[weight]);
    let font: LoadedFont | null = null;
    if (file) {
      const face = new hb.Face(new hb.Blob(file), faceIndex);
      const unicodes = new Set(face.collectUnicodes());
      font = {
        id,
        family,
        file,
        faceIndex,
        upem: face.upem,
        shaper: new hb.Font(face),
        postscriptName: (face.getName(6, 'en') || family.key).replace(/[^A-Za-z0-9-]/g, ''),
        colour: !!family.colour,
        covers: (codePoint) => unicodes.has(codePoint),
      };
    }
    this.loaded.set(id, font);
    return font;
  }

  /** Noto Sans at a weight: the letter's own words, and what a character no font has is drawn with. */
  base(weight: Weight): LoadedFont {
    const font = this.font(FONT_FAMILIES[0]!, weight);
    if (!font) throw new Error(`Noto Sans (${FONT_FAMILIES[0]!.files[weight]}) is not in the font directory ${this.directory}`);
    return font;
  }

  private read(name: string): Uint8Array | null {
    if (!this.bytes.has(name)) {
      const path = this.files.get(name);
      this.bytes.set(name, path ? new Uint8Array(readFileSync(path)) : null);
    }
    return this.bytes.get(name)!;
  }
}
