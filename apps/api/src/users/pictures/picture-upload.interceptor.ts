import { OneFileUpload } from '../../common/http/one-file-upload.js';
import { PICTURE_MAX_BYTES } from './picture-format.js';
import { PICTURE_FIELD, PictureUploadMessages } from './picture-messages.js';

/** Reads the multipart body's one picture into memory (at most 1 MB); any bad upload is a 400. */
export const PictureUploadInterceptor = OneFileUpload(
  PICTURE_FIELD,
  { fileSize: PICTURE_MAX_BYTES, fields: 5 },
  PictureUploadMessages,
);
