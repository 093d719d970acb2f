import { pictureFormatOf } from '../common/image-format.js';

/**
 * A payment proof by its magic numbers (never the name or type the client claims): a PNG,
 * JPEG or WebP picture (the KYC sniffing), or a PDF (`%PDF-`).
 */
export function proofFormatOf(bytes: Uint8Array): { contentType: string } | undefined {
  const picture = pictureFormatOf(bytes);
  if (picture) return { contentType: picture.contentType };
  const pdf = bytes.length > 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
  return pdf ? { contentType: 'application/pdf' } : undefined;
}
