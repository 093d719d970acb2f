/**
 * What an uploaded image really is, by its magic numbers: never the name or the content type
 * the client claims, which cost nothing to fake. Shared by profile pictures and KYC photos.
 */

export interface PictureFormat {
  extension: 'png' | 'jpg' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

export const PNG: PictureFormat = { extension: 'png', contentType: 'image/png' };
export const JPEG: PictureFormat = { extension: 'jpg', contentType: 'image/jpeg' };
export const WEBP: PictureFormat = { extension: 'webp', contentType: 'image/webp' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** The format the bytes really are (PNG, JPEG or WebP); undefined for anything else. */
export function pictureFormatOf(bytes: Uint8Array): PictureFormat | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return PNG;
  if (startsWith(bytes, JPEG_SIGNATURE)) return JPEG;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return WEBP;
  return undefined;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length > signature.length && signature.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return bytes.length < to ? '' : String.fromCharCode(...bytes.subarray(from, to));
}
