import {
  HttpException,
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { AppError, ErrorKind } from '../errors.js';

/** What a person is told for each way a one-file upload can be wrong. */
export interface UploadMessages {
  tooLarge: string;
  oneFile: string;
  unreadable: string;
}

/** multer's limits on the multipart body: the file's size and how many parts it may have. */
export interface UploadLimits {
  fileSize: number;
  fields: number;
}

/**
 * An interceptor that reads a multipart body's one file, in `field`, into memory (multer's
 * default storage: nothing reaches a disk before the handler has checked the bytes, so a
 * refused or oversized upload can never leave a file behind) and turns every way the upload
 * can be wrong into a 400 with words a person can act on, never a 500.
 */
export function OneFileUpload(
  field: string,
  limits: UploadLimits,
  messages: UploadMessages,
): Type<NestInterceptor> {
  const Multer = FileInterceptor(field, {
    limits: {
      fileSize: limits.fileSize,
      files: 1,
      fields: limits.fields,
      fieldSize: 1024,
      parts: limits.fields + 1,
    },
  });

  @Injectable()
  class OneFileUploadInterceptor implements NestInterceptor {
    private readonly multer = new Multer();

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.multer.intercept(context, next);
      } catch (error) {
        throw new AppError(ErrorKind.Invalid, uploadMessage(error, messages));
      }
    }
  }
  return mixin(OneFileUploadInterceptor);
}

function uploadMessage(error: unknown, messages: UploadMessages): string {
  const cause = error instanceof HttpException ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code === 'LIMIT_FILE_SIZE') return messages.tooLarge;
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return messages.oneFile;
  return messages.unreadable;
}
