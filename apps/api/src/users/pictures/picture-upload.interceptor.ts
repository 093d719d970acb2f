import { OneFileUpload } from '../../common/http/one-file-upload.js';
import { PICTURE_MAX_BYTES } from './picture-format.js';

export const PICTURE_FIELD = 'picture';

export const PictureUploadMessages = {
  tooLarge: 'The picture must be at most 1 MB.',
  oneFile: `Please send one picture, in the form field "${PICTURE_FIELD}".`,
  unreadable: 'The upload could not be read. Please send the picture as multipart/form-data.',
} as const;

/** Reads the multipart body's one picture into memory (at most 1 MB); any bad upload is a 400. */
export const PictureUploadInterceptor = OneFileUpload(
  PICTURE_FIELD,
  { fileSize: PICTURE_MAX_BYTES, fields: 5 },
  PictureUploadMessages,
);
