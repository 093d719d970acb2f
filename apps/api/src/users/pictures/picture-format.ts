/** Profile pictures: what we accept and how stored names look. */
import { JPEG, PNG, WEBP, type PictureFormat } from '../../common/image-format.js';

export { pictureFormatOf, type PictureFormat } from '../../common/image-format.js';

export const PICTURE_MAX_BYTES = 1024 * 1024;

/** A stored picture's name: 128 random bits in hex and the real extension, nothing else. */
const PICTURE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The format of a stored name, or undefined for any name we could not have made. */
export function pictureFormatOfName(name: string): PictureFormat | undefined {
  const extension = PICTURE_NAME.exec(name)?.[1];
  return [PNG, JPEG, WEBP].find((format) => format.extension === extension);
}
