import bidiModule, { type Bidi } from 'bidi-js';
import * as hb from 'harfbuzzjs';
import { type CjkRegion, type FontCatalogue, type LoadedFont, type Weight, cjkRegionOf } from './certificate-fonts.js';

/**
 * A line of text made into positioned glyphs: split into graphemes, each given the first font that
 * has it; put in visual order by the Unicode Bidirectional Algorithm (bidi-js), so Arabic and Hebrew
 * read right to left; and shaped run by run with HarfBuzz, which joins Arabic letters, reorders and
 * combines Indic vowel signs and conjuncts, places Thai marks, and makes emoji sequences one picture.
 * Lengths are in ems: multiplied by the font size they are points.
 */

export interface PlacedGlyph {
  /** Glyph id in the run's font. */
  id: number;
  /** Origin from the start of the line, and above the baseline, in ems. */
  x: number;
  y: number;
  advance: number;
  /** The characters this glyph stands for (the first glyph of a cluster carries them). */
  text: string;
}

export interface GlyphRun {
  font: LoadedFont;
  glyphs: PlacedGlyph[];
}

export interface ShapedLine {
  text: string;
  /** In visual order, left to right. */
  runs: GlyphRun[];
  width: number;
  /** Whether any of it runs right to left. */
  rtl: boolean;
  /** Characters no font has: drawn as the base font's empty box. */
  missing: string[];
}

// The package is CommonJS: its default import is the factory itself, which its types (written as ES module) call `default`.
const bidiFactory = bidiModule as unknown as () => Bidi;
const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
// An emoji sequence as the Unicode list names them (with skin tones, flags, keycaps, ZWJ sequences).
const EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');
// Joiners, variation selectors and bidirectional marks: no font needs a glyph for them.
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;

interface Piece {
  text: string;
  font: LoadedFont;
  level: number;
}

/** The fonts a line's graphemes are looked for in, loaded as needed. */
class FontChoice {
  private readonly loaded: (LoadedFont | null | undefined)[] = [];
  readonly missing: string[] = [];

  constructor(
    private readonly catalogue: FontCatalogue,
    private readonly weight: Weight,
    private readonly region: CjkRegion,
  ) {}

  private at(index: number): LoadedFont | null {
    if (this.loaded[index] === undefined) this.loaded[index] = this.catalogue.font(this.catalogue.order[index]!, this.weight, this.region);
    return this.loaded[index]!;
  }

  private first(test: (font: LoadedFont) => boolean, from: number, to: number): LoadedFont | null {
    for (let i = from; i < to; i += 1) {
      const font = this.at(i);
      if (font && test(font)) return font;
    }
    return null;
  }

  fontFor(grapheme: string, previous: LoadedFont | undefined): LoadedFont {
    const codePoints = [...grapheme].map((c) => c.codePointAt(0)!).filter((cp) => !IGNORABLE.test(String.fromCodePoint(cp)));
    const base = codePoints[0] ?? grapheme.codePointAt(0)!;
    const all = (font: LoadedFont) => codePoints.every((cp) => font.covers(cp));
    if (EMOJI.test(grapheme)) {
      const emoji = this.first((font) => font.colour && font.covers(base), 0, this.catalogue.explicitCount);
      if (emoji) return emoji;
    }
    // Spaces, digits and punctuation stay in the font of the text around them.
    if (previous && !previous.colour && NEUTRAL.test(grapheme) && all(previous)) return previous;
    const explicit = this.catalogue.explicitCount;
    const textFont = (font: LoadedFont) => !font.colour;
    const found =
      this.first((font) => textFont(font) && all(font), 0, explicit) ??
      this.first((font) => textFont(font) && all(font), explicit, this.catalogue.order.length) ??
      this.first((font) => textFont(font) && font.covers(base), 0, this.catalogue.order.length) ??
      this.first((font) => all(font), 0, explicit);
    if (!found || !all(found)) this.missing.push(...[...grapheme].filter((c) => !IGNORABLE.test(c) && !found?.covers(c.codePointAt(0)!)));
    return found ?? this.catalogue.base(this.weight);
  }
}

/** The line cut into pieces of one font and one direction, in logical order. */
function itemize(text: string, choice: FontChoice): Piece[] {
  const { levels } = bidi.getEmbeddingLevels(text, 'auto');
  const pieces: Piece[] = [];
  for (const { segment, index } of graphemes.segment(text)) {
    const level = levels[index]!;
    const last = pieces[pieces.length - 1];
    const font = choice.fontFor(segment, last?.font);
    if (last && last.font === font && last.level === level) last.text += segment;
    else pieces.push({ text: segment, font, level });
  }
  return pieces;
}

/** Pieces in visual order (rule L2 of the bidirectional algorithm): from the highest level down, reverse every run at or above it. */
function visualOrder(pieces: Piece[]): Piece[] {
  const order = [...pieces];
  const levels = order.map((piece) => piece.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < order.length;) {
      if (order[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < order.length && order[end]!.level >= level) end += 1;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}

/**
 * The characters each glyph stands for, for the font's ToUnicode table: a glyph that is a character's
 * own glyph stands for it; the characters of a cluster left over (those a ligature or a conjunct
 * took in) go to the cluster's first other glyph, else its first glyph. A glyph then stands for the
 * same characters wherever it is drawn.
 */
function clusterTexts(piece: Piece, infos: { codepoint: number; cluster: number }[]): string[] {
  const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
  const texts: string[] = infos.map(() => '');
  starts.forEach((start, n) => {
    const members = infos.flatMap((info, i) => (info.cluster === start ? [i] : []));
    const left = [...piece.text.slice(start, starts[n + 1] ?? piece.text.length)];
    for (const i of members) {
      const own = left.findIndex((c) => piece.font.shaper.glyph(c.codePointAt(0)!) === infos[i]!.codepoint);
      if (own >= 0) texts[i] = left.splice(own, 1)[0]!;
    }
    if (left.length) {
      const to = members.find((i) => !texts[i]) ?? members[0]!;
      texts[to] += left.join('');
    }
  });
  return texts;
}

function shapePiece(piece: Piece, x: number): { run: GlyphRun; width: number } {
  const buffer = new hb.Buffer();
  buffer.addText(piece.text);
  buffer.setDirection(piece.level % 2 === 1 ? hb.Direction.RTL : hb.Direction.LTR);
  buffer.guessSegmentProperties();
  hb.shape(piece.font.shaper, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  const em = piece.font.upem;
  const texts = clusterTexts(piece, infos);
  const glyphs: PlacedGlyph[] = [];
  let pen = x;
  infos.forEach((info, i) => {
    const position = positions[i]!;
    glyphs.push({
      id: info.codepoint,
      x: pen + position.xOffset / em,
      y: position.yOffset / em,
      advance: position.xAdvance / em,
      text: texts[i]!,
    });
    pen += position.xAdvance / em;
  });
  return { run: { font: piece.font, glyphs }, width: pen - x };
}

/** A line of text as glyphs, in `weight`, from the fonts of `catalogue`. */
export function layoutLine(text: string, weight: Weight, catalogue: FontCatalogue): ShapedLine {
  const choice = new FontChoice(catalogue, weight, cjkRegionOf(text));
  const runs: GlyphRun[] = [];
  let width = 0;
  const pieces = itemize(text, choice);
  for (const piece of visualOrder(pieces)) {
    const shaped = shapePiece(piece, width);
    runs.push(shaped.run);
    width += shaped.width;
  }
  return { text, runs, width, rtl: pieces.some((piece) => piece.level % 2 === 1), missing: choice.missing };
}

/**
 * The line without shaping: each character's own glyph in the base font, the empty box for those it
 * lacks. What a line is drawn as when shaping it failed.
 */
export function plainLine(text: string, weight: Weight, catalogue: FontCatalogue): ShapedLine {
  const font = catalogue.base(weight);
  const glyphs: PlacedGlyph[] = [];
  const missing: string[] = [];
  let pen = 0;
  for (const character of text) {
    const id = font.shaper.glyph(character.codePointAt(0)!) ?? 0;
    if (id === 0) missing.push(character);
    const advance = font.shaper.glyphHAdvance(id) / font.upem;
    glyphs.push({ id, x: pen, y: 0, advance, text: character });
    pen += advance;
  }
  return { text, runs: [{ font, glyphs }], width: pen, rtl: false, missing };
}
