import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The fonts certificates are drawn with, found by file name in a font directory
 * (CERTIFICATE_FONT_DIR, /usr/share/fonts by default), where Debian's fonts-noto-core,
 * fonts-noto-cjk and fonts-noto-color-emoji put them. A name takes, character by character, the
 * first of these families that has the character.
 */
export type Weight = 'regular' | 'bold';

export interface FontFamily {
  key: string;
  files: Record<Weight, string>;
  /** Drawn as pictures (colour bitmaps), not as outlines. */
  colour?: boolean;
  /** A collection whose faces are one per region: which face to use for a line's text. */
  collection?: boolean;
}

export const FONT_FAMILIES: readonly FontFamily[] = [
  // Latin, Greek, Cyrillic, Vietnamese, and the letter's own words.
  { key: 'sans', files: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } },
  { key: 'arabic', files: { regular: 'NotoSansArabic-Regular.ttf', bold: 'NotoSansArabic-Bold.ttf' } },
  { key: 'hebrew', files: { regular: 'NotoSansHebrew-Regular.ttf', bold: 'NotoSansHebrew-Bold.ttf' } },
  { key: 'devanagari', files: { regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' } },
  { key: 'bengali', files: { regular: 'NotoSansBengali-Regular.ttf', bold: 'NotoSansBengali-Bold.ttf' } },
  { key: 'tamil', files: { regular: 'NotoSansTamil-Regular.ttf', bold: 'NotoSansTamil-Bold.ttf' } },
  { key: 'thai', files: { regular: 'NotoSansThai-Regular.ttf', bold: 'NotoSansThai-Bold.ttf' } },
  { key: 'cjk', files: { regular: 'NotoSansCJK-Regular.ttc', bold: 'NotoSansCJK-Bold.ttc' }, collection: true },
  { key: 'emoji', files: { regular: 'NotoColorEmoji.ttf', bold: 'NotoColorEmoji.ttf' }, colour: true },
];

/** Where Debian's font packages install. */
export const DEFAULT_FONT_DIR = '/usr/share/fonts';

/** Without these no certificate can be drawn: a production server refuses to start without them. */
export const REQUIRED_FONT_FILES = ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'] as const;

/**
 * Other Noto Sans fonts in the directory (Gurmukhi, Telugu, Georgian, Ethiopic…): tried, in name
 * order, for a character none of the above has.
 */
const MORE_NOTO_SANS = /^NotoSans[A-Z][A-Za-z]*-Regular\.ttf$/;

/** Every font file under a directory, by file name (the first found wins). */
export function findFontFiles(directory: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (folder: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && depth < 6) visit(path, depth + 1);
      else if (/\.(ttf|otf|ttc)$/i.test(entry.name) && !found.has(entry.name)) found.set(entry.name, path);
    }
  };
  visit(directory, 0);
  return found;
}

/** The further Noto Sans families present in a directory's files, each with its bold when there is one. */
export function moreNotoSansFamilies(files: ReadonlyMap<string, string>): FontFamily[] {
  const known = new Set(FONT_FAMILIES.flatMap((family) => Object.values(family.files)));
  return [...files.keys()]
    .filter((name) => MORE_NOTO_SANS.test(name) && !known.has(name) && !/(Mono|Display|UI)-/.test(name))
    .sort()
    .map((regular) => {
      const bold = regular.replace('-Regular.', '-Bold.');
      return { key: regular.replace(/-Regular\.ttf$/, ''), files: { regular, bold: files.has(bold) ? bold : regular } };
    });
}
