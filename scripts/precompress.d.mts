/** Types of precompress.mjs, for the tests that call it. */
export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export declare const MIN_SAVING: number;

export interface PrecompressedFile {
  /** Path relative to the folder. */
  file: string;
  bytes: number;
  /** Size of the .br copy written, or null when none pays. */
  br: number | null;
  /** Size of the .gz copy written, or null when none pays. */
  gz: number | null;
}

export declare function precompressDirectory(
  dir: string,
  options?: { minBytes?: number; minSaving?: number },
): Promise<PrecompressedFile[]>;
