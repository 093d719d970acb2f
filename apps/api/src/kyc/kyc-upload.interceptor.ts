import { KYC_PHOTO_FIELD, KYC_PHOTO_MAX_BYTES, KycMessages } from '@khata/domain';
import { OneFileUpload } from '../common/http/one-file-upload.js';

/** Reads the KYC form (two text fields, one photo of at most 2 MB); any bad upload is a 400. */
export const KycUploadInterceptor = OneFileUpload(
  KYC_PHOTO_FIELD,
  { fileSize: KYC_PHOTO_MAX_BYTES, fields: 4 },
  {
    tooLarge: KycMessages.photoTooLarge,
    oneFile: KycMessages.photoOneFile,
    unreadable: KycMessages.uploadUnreadable,
  },
);
