/** Profile pictures: what we accept and how stored names look. */

export const PICTURE_MAX_BYTES = 1024 * 1024;

export interface PictureFormat {
  extension: 'png' | 'jpg' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

const PNG: PictureFormat = { extension: 'png', contentType: 'image/png' };
const JPEG: PictureFormat = { extension: 'jpg', contentType: 'image/jpeg' };
const WEBP: PictureFormat = { extension: 'webp', contentType: 'image/webp' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/**
 * The format the bytes really are, by their magic numbers; never the name or the content type
 * the client claims, which cost nothing to fake. Undefined for anything else.
 */
export function pictureFormatOf(bytes: Uint8Array): PictureFormat | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return PNG;
  if (startsWith(bytes, JPEG_SIGNATURE)) return JPEG;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return WEBP;
  return undefined;
}

/** A stored picture's name: 128 random bits in hex and the real extension, nothing else. */
const PICTURE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The format of a stored name, or undefined for any name we could not have made. */
export function pictureFormatOfName(name: string): PictureFormat | undefined {
  const extension = PICTURE_NAME.exec(name)?.[1];
  return [PNG, JPEG, WEBP].find((format) => format.extension === extension);
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length > signature.length && signature.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return bytes.length < to ? '' : String.fromCharCode(...bytes.subarray(from, to));
}
