import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Font subsetting with hb-subset (HarfBuzz's subsetter, the WebAssembly build shipped in the
 * harfbuzzjs package): a certificate embeds only the glyphs its pages draw. A CJK font is 15 MB of
 * outlines; its subset for one name is a few kilobytes.
 */

interface SubsetExports {
  memory: { buffer: ArrayBuffer };
  malloc(size: number): number;
  free(pointer: number): void;
  _initialize?: () => void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

const MEMORY_MODE_READONLY = 1;
const SETS_DROP_TABLE_TAG = 3;
const FLAG_RETAIN_GIDS = 0x2;

/**
 * Tables a PDF viewer never reads: the text is shaped before it is drawn (layout tables), colour
 * bitmaps are drawn as images, and vertical metrics are not used.
 */
const DROPPED_TABLES = [
  ...['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'kern', 'morx', 'mort', 'feat'],
  ...['CBDT', 'CBLC', 'sbix', 'SVG ', 'COLR', 'CPAL', 'vhea', 'vmtx', 'VORG', 'DSIG', 'STAT', 'meta'],
];

// The lib this project compiles against has no WebAssembly types; the two constructors used are these.
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let instance: SubsetExports | null = null;

function subsetter(): SubsetExports {
  if (!instance) {
    const require = createRequire(import.meta.url);
    const module = new wasm.Module(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
    instance = new wasm.Instance(module, {}).exports as unknown as SubsetExports;
    instance._initialize?.();
  }
  return instance;
}

function tag(name: string): number {
  return ((name.charCodeAt(0) << 24) | (name.charCodeAt(1) << 16) | (name.charCodeAt(2) << 8) | name.charCodeAt(3)) >>> 0;
}

/** A font program cut down to some glyphs, and the glyph number each kept glyph has in it. */
export interface FontSubset {
  bytes: Uint8Array;
  /** Original glyph id → glyph id in the subset. */
  glyphIds: Map<number, number>;
}

/**
 * The glyphs `glyphs` of face `faceIndex` of a font file (a collection holds several). Glyphs are
 * renumbered in their original order, .notdef first, and a glyph's CID is its new number; when the subsetter had to keep more glyphs
 * than asked (a TrueType glyph built from others), it is run again keeping every glyph id as it was.
 */
export function subsetFont(file: Uint8Array, faceIndex: number, glyphs: Iterable<number>): FontSubset {
  const kept = [...new Set([0, ...glyphs])].sort((a, b) => a - b);
  const renumbered = runSubset(file, faceIndex, kept, false);
  if (glyphCount(renumbered) === kept.length) {
    identityCffCharset(renumbered);
    return { bytes: renumbered, glyphIds: new Map(kept.map((glyph, index) => [glyph, index])) };
  }
  return { bytes: runSubset(file, faceIndex, kept, true), glyphIds: new Map(kept.map((glyph) => [glyph, glyph])) };
}

function runSubset(file: Uint8Array, faceIndex: number, glyphs: number[], retainIds: boolean): Uint8Array {
  const hb = subsetter();
  const data = hb.malloc(file.length);
  new Uint8Array(hb.memory.buffer).set(file, data);
  const blob = hb.hb_blob_create(data, file.length, MEMORY_MODE_READONLY, 0, 0);
  const face = hb.hb_face_create(blob, faceIndex);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('hb-subset could not start');
    const glyphSet = hb.hb_subset_input_glyph_set(input);
    for (const glyph of glyphs) hb.hb_set_add(glyphSet, glyph);
    const drop = hb.hb_subset_input_set(input, SETS_DROP_TABLE_TAG);
    for (const table of DROPPED_TABLES) hb.hb_set_add(drop, tag(table));
    hb.hb_subset_input_set_flags(input, retainIds ? FLAG_RETAIN_GIDS : 0);
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('hb-subset could not subset the font');
    const result = hb.hb_face_reference_blob(subset);
    const length = hb.hb_blob_get_length(result);
    const bytes = new Uint8Array(hb.memory.buffer).slice(hb.hb_blob_get_data(result, 0), hb.hb_blob_get_data(result, 0) + length);
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subset);
    return bytes;
  } finally {
    if (input) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(data);
  }
}

/** The tables of an OpenType font: tag → [offset, length]. */
export function fontTables(font: Uint8Array): Map<string, [number, number]> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, [number, number]>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i += 1) {
    const record = 12 + i * 16;
    const name = String.fromCharCode(font[record]!, font[record + 1]!, font[record + 2]!, font[record + 3]!);
    tables.set(name, [view.getUint32(record + 8), view.getUint32(record + 12)]);
  }
  return tables;
}

/** numGlyphs of the font's maxp table. */
function glyphCount(font: Uint8Array): number {
  const maxp = fontTables(font).get('maxp');
  if (!maxp) throw new Error('The subset has no maxp table');
  return new DataView(font.buffer, font.byteOffset, font.byteLength).getUint16(maxp[0] + 4);
}

/**
 * For a font with CID-keyed CFF outlines, rewrites its charset in place so that each glyph's CID is
 * its glyph id. A subset keeps the original CIDs, and poppler draws an OpenType CFF font's CIDs as
 * glyph ids, so without this it would draw nothing. The identity charset is never longer than the
 * one it replaces: format 0 replaces format 0 (two bytes a glyph), one range replaces ranges.
 */
export function identityCffCharset(font: Uint8Array): void {
  const table = fontTables(font).get('CFF ');
  if (!table) return;
  const cff = font.subarray(table[0], table[0] + table[1]);
  const view = new DataView(cff.buffer, cff.byteOffset, cff.byteLength);
  // Header, then the Name INDEX, then the Top DICT INDEX.
  const topDicts = readIndex(view, skipIndex(view, cff[2]!));
  const top = parseDict(topDicts.items[0]!);
  if (!top.has(1230)) return; // no ROS operator (12 30): not CID-keyed, glyphs are named by number already
  const glyphs = readIndex(view, top.get(17)![0]!).items.length;
  if (glyphs < 2) return;
  const at = top.get(15)![0]!;
  if (cff[at] === 0) {
    for (let glyph = 1; glyph < glyphs; glyph += 1) view.setUint16(at + 1 + (glyph - 1) * 2, glyph);
  } else {
    cff[at] = 2;
    view.setUint16(at + 1, 1);
    view.setUint16(at + 3, glyphs - 2);
  }
}

function readOffset(view: DataView, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i += 1) value = value * 256 + view.getUint8(at + i);
  return value;
}

function readIndex(view: DataView, at: number): { items: Uint8Array[]; end: number } {
  const count = view.getUint16(at);
  if (count === 0) return { items: [], end: at + 2 };
  const offSize = view.getUint8(at + 2);
  const offsets: number[] = [];
  for (let i = 0; i <= count; i += 1) offsets.push(readOffset(view, at + 3 + i * offSize, offSize));
  const base = at + 3 + (count + 1) * offSize - 1;
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const items = offsets.slice(0, -1).map((offset, i) => bytes.subarray(base + offset, base + offsets[i + 1]!));
  return { items, end: base + offsets[count]! };
}

function skipIndex(view: DataView, at: number): number {
  return readIndex(view, at).end;
}

/** A CFF DICT: operator (12 x as 1200 + x) → its operands (integers and reals). */
function parseDict(dict: Uint8Array): Map<number, number[]> {
  const entries = new Map<number, number[]>();
  let operands: number[] = [];
  let i = 0;
  while (i < dict.length) {
    const b0 = dict[i]!;
    if (b0 <= 21) {
      const operator = b0 === 12 ? 1200 + dict[i + 1]! : b0;
      i += b0 === 12 ? 2 : 1;
      entries.set(operator, operands);
      operands = [];
    } else if (b0 === 28) {
      operands.push(((dict[i + 1]! << 24) | (dict[i + 2]! << 16)) >> 16);
      i += 3;
    } else if (b0 === 29) {
      operands.push((dict[i + 1]! << 24) | (dict[i + 2]! << 16) | (dict[i + 3]! << 8) | dict[i + 4]!);
      i += 5;
    } else if (b0 === 30) {
      // A real number: its nibbles up to 0xf. Its value matters to no operator read here.
      i += 1;
      while (i < dict.length && (dict[i]! & 0x0f) !== 0x0f && (dict[i]! & 0xf0) !== 0xf0) i += 1;
      i += 1;
      operands.push(0);
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      i += 1;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + dict[i + 1]! + 108);
      i += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - dict[i + 1]! - 108);
      i += 2;
    } else i += 1;
  }
  return entries;
}
