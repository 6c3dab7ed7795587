/** The part of bidi-js (the Unicode Bidirectional Algorithm) the certificates use; the package ships no types. */
declare module 'bidi-js' {
  interface EmbeddingLevels {
    /** The embedding level of each UTF-16 code unit of the text: odd is right to left. */
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  }
  interface Bidi {
    getEmbeddingLevels(text: string, direction?: 'ltr' | 'rtl' | 'auto'): EmbeddingLevels;
  }
  export default function bidiFactory(): Bidi;
}
