/** Proof of enrollment: one PDF or JPEG under 4,000,000 bytes. */
export const MAX_PROOF_BYTES = 4_000_000;
export const PROOF_TYPES = ['application/pdf', 'image/jpeg'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];
export const PROOF_EXTENSIONS: Readonly<Record<ProofType, string>> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg' };
export const PROOF_TOO_LARGE_MESSAGE = 'File size is too large. Please keep uploads under 4 MB';
export const PROOF_WRONG_TYPE_MESSAGE = 'Please upload a PDF or JPEG file';

export function isProofType(value: unknown): value is ProofType {
  return typeof value === 'string' && (PROOF_TYPES as readonly string[]).includes(value);
}

/** The type the bytes themselves say, from their magic numbers; null for anything else. */
export function detectProofType(bytes: Uint8Array): ProofType | null {
  if (bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d)
    return 'application/pdf';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The name's extension says PDF or JPEG (jpg, jpeg, pdf), as the file picker accepts. */
export function hasProofExtension(name: string): boolean {
  return /\.(pdf|jpe?g)$/i.test(name.trim());
}

/**
 * A file's size as the upload box and the review show it: in MB with two decimals, and below
 * 0.01 MB (which would read '0.00 MB') in whole KB, or in bytes below 1 KB.
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= 10_000) return `${(bytes / 1_000_000).toFixed(2)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
