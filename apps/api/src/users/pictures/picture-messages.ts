/** The multipart body's field that carries the picture. */
export const PICTURE_FIELD = 'picture';

export const PictureUploadMessages = {
  tooLarge: 'The picture must be at most 1 MB.',
  oneFile: `Please send one picture, in the form field "${PICTURE_FIELD}".`,
  unreadable: 'The upload could not be read. Please send the picture as multipart/form-data.',
} as const;

export const ChangePictureMessages = {
  missing: 'Please choose a picture to upload.',
  notAnImage: 'The picture must be a PNG, JPEG or WebP image.',
} as const;
