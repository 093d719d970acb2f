import {
  HttpException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PICTURE_MAX_BYTES } from './picture-format.js';

export const PICTURE_FIELD = 'picture';

export const PictureUploadMessages = {
  tooLarge: 'The picture must be at most 1 MB.',
  oneFile: `Please send one picture, in the form field "${PICTURE_FIELD}".`,
  unreadable: 'The upload could not be read. Please send the picture as multipart/form-data.',
} as const;

// Memory storage (multer's default): nothing reaches the disk before the handler has checked
// the bytes, so a refused or oversized upload can never leave a file behind.
const Multer = FileInterceptor(PICTURE_FIELD, {
  limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
});

/**
 * Reads the multipart body's one picture into memory (at most 1 MB) and turns every way an
 * upload can be wrong into a 400 with words a person can act on, never a 500.
 */
@Injectable()
export class PictureUploadInterceptor implements NestInterceptor {
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
  if (code === 'LIMIT_FILE_SIZE') return PictureUploadMessages.tooLarge;
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return PictureUploadMessages.oneFile;
  return PictureUploadMessages.unreadable;
}
