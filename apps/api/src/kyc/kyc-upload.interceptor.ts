import {
  HttpException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { KYC_PHOTO_FIELD, KYC_PHOTO_MAX_BYTES, KycMessages } from '@khata/domain';
import type { Observable } from 'rxjs';
import { AppError, ErrorKind } from '../common/errors.js';

// Memory storage, as for profile pictures: nothing reaches a disk, and the bytes are checked
// (magic numbers, not the client's content type) before they are kept.
const Multer = FileInterceptor(KYC_PHOTO_FIELD, {
  limits: { fileSize: KYC_PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
});

/** Reads the KYC form (two text fields, one photo of at most 2 MB); any bad upload is a 400. */
@Injectable()
export class KycUploadInterceptor implements NestInterceptor {
  private readonly multer = new Multer();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      throw new AppError(ErrorKind.Invalid, uploadMessage(error));
    }
  }
}

function uploadMessage(error: unknown): string {
  const cause = error instanceof HttpException ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code === 'LIMIT_FILE_SIZE') return KycMessages.photoTooLarge;
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return KycMessages.photoOneFile;
  return KycMessages.uploadUnreadable;
}
