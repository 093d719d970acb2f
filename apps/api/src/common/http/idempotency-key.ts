import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AppError, ErrorKind } from '../errors.js';
import { IdempotencyMessages } from './idempotency-messages.js';

export { IdempotencyMessages } from './idempotency-messages.js';

// A UUID per submission is what the console sends; any opaque id of this shape is accepted.
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * `@IdempotencyKey() key: string` on a call that moves money (API.md): required, so a retry
 * after a timeout can never pay twice.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const value = ctx.switchToHttp().getRequest<Request>().headers['idempotency-key'];
  if (value === undefined || value === '')
    throw new AppError(ErrorKind.Invalid, IdempotencyMessages.missing);
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw new AppError(ErrorKind.Invalid, IdempotencyMessages.invalid);
  }
  return value;
});

/** The `pin` header as sent; PinVerifier judges it. */
export const PinHeader = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<Request>().headers.pin,
);
