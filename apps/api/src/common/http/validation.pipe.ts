import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError, ErrorKind } from '../errors.js';

/**
 * Bad input becomes a 400 whose message is the first rule the input broke, in words a
 * person can read (the DTOs carry the spec's messages from @khata/domain).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
