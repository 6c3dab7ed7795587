import { describe, expect, it } from '@jest/globals';
import { MAX_PROOF_BYTES, detectProofType, formatFileSize, hasProofExtension, isProofType } from './files.js';

describe('proof of enrollment files', () => {
  it('allows files under 4,000,000 bytes', () => {
    expect(MAX_PROOF_BYTES).toBe(4_000_000);
  });

  it('tells PDF and JPEG apart by their bytes, not their name', () => {
    expect(detectProofType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectProofType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(detectProofType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBeNull(); // PNG
    expect(detectProofType(new TextEncoder().encode('<html><script>'))).toBeNull();
    expect(detectProofType(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(detectProofType(new Uint8Array())).toBeNull();
  });

  it('accepts only the two types and their extensions', () => {
    expect(isProofType('application/pdf')).toBe(true);
    expect(isProofType('image/jpeg')).toBe(true);
    expect(isProofType('image/png')).toBe(false);
    expect(hasProofExtension('transcript.PDF')).toBe(true);
    expect(hasProofExtension('id.jpeg')).toBe(true);
    expect(hasProofExtension('id.jpg')).toBe(true);
    expect(hasProofExtension('id.png')).toBe(false);
    expect(hasProofExtension('pdf')).toBe(false);
  });

  it('shows sizes in MB with two decimals', () => {
    expect(formatFileSize(3_900_000)).toBe('3.90 MB');
    expect(formatFileSize(123_456)).toBe('0.12 MB');
    expect(formatFileSize(10_000)).toBe('0.01 MB');
  });

  it('never shows a file as 0.00 MB: below 0.01 MB in KB, below 1 KB in bytes', () => {
    expect(formatFileSize(9_999)).toBe('10 KB');
    expect(formatFileSize(6_400)).toBe('6 KB');
    expect(formatFileSize(1_000)).toBe('1 KB');
    expect(formatFileSize(999)).toBe('999 bytes');
    expect(formatFileSize(3)).toBe('3 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
  });
});
