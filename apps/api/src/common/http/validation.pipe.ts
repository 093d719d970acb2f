import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { AppError, ErrorKind } from '../errors.js';
import { unsafeInputIn } from './safe-input.js';

/**
 * Bad input becomes a 400 whose message is the first rule the input broke, in words a
 * person can read (the DTOs carry the spec's messages from @khata/domain). Before any DTO
 * rule, every string of the body and query passes the one text rule of libs/domain (no
 * control characters, no lone surrogates), so no field has to remember it. Path params are
 * left to their route: the one we have (a picture's name) answers 404 for any name it could
 * not have made, bad characters included, and says no more.
 */
class KhataValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const refusal = unsafeInputIn(value, metadata.data);
      if (refusal) throw new AppError(ErrorKind.Invalid, refusal);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new KhataValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new AppError(ErrorKind.Invalid, firstMessage(errors)),
  });
}

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = error.constraints && Object.values(error.constraints)[0];
    if (constraint)
      return constraint.replace(/^property (\S+) should not exist$/, 'Unknown field "$1".');
    const nested = error.children?.length ? firstMessage(error.children) : undefined;
    if (nested) return nested;
  }
  return 'The request is not valid.';
}
