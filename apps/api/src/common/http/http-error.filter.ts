import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { BalanceMessages, Messages } from '@khata/domain';
import { LedgerError, type LedgerErrorKind } from '@khata/ledger';
import type { Request, Response } from 'express';
import { AppError, HTTP_STATUS_BY_KIND } from '../errors.js';
import { MAX_BODY_DEPTH, TOO_DEEP } from './body-parsing.js';

interface ErrorBody {
  success: false;
  message: string;
  code?: number;
  [field: string]: unknown;
}

const FALLBACK_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The ledger's refusals a client can act on; the others are our bugs and answer 500. */
const LEDGER_ANSWERS: Partial<Record<LedgerErrorKind, [number, string]>> = {
  'insufficient-funds': [422, 'Insufficient balance.'],
  'idempotency-conflict': [409, 'This Idempotency-Key was already used for a different request.'],
  'hold-not-pending': [409, 'This payment is no longer pending.'],
  'above-ceiling': [422, Messages.walletBalanceCeiling],
  'out-of-range': [422, Messages.amountTooLarge],
  'limit-below-owed': [422, BalanceMessages.overdraftBelowOwed],
  contention: [503, 'The ledger is busy with this account. Please try again.'],
};

/** Errors raised by body parsing before any handler ran (the `http-errors` `type`). */
const PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  [TOO_DEEP]: `The request body nests deeper than ${MAX_BODY_DEPTH} levels.`,
  'encoding.unsupported': 'The request body encoding is not supported.',
  'charset.unsupported': 'The request body charset is not supported.',
};

/**
 * The one place an error becomes an HTTP answer: `{ success: false, message, code? }` with
 * the status of API.md. Whatever is not ours is logged with the request id and answered
 * without internals.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request & { id?: unknown }>();
    const [status, body] = this.toAnswer(error);
    if (status >= 500) {
      this.logger.error({ err: error, reqId: request.id, path: request.path }, 'request failed');
    }
    if (!response.headersSent) response.status(status).json(body);
  }

  private toAnswer(error: unknown): [number, ErrorBody] {
    if (error instanceof AppError) {
      return [
        HTTP_STATUS_BY_KIND[error.kind],
        { ...body(error.message, error.code), ...error.fields },
      ];
    }
    if (error instanceof LedgerError) {
      const answer = LEDGER_ANSWERS[error.kind];
      return answer ? [answer[0], body(answer[1])] : [500, body(FALLBACK_MESSAGE)];
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      if (status >= 500) return [status, body(FALLBACK_MESSAGE)];
      return [status, body(parserMessage(error.cause) ?? messageOf(error))];
    }
    return [500, body(FALLBACK_MESSAGE)];
  }
}

function body(message: string, code?: number): ErrorBody {
  return code === undefined ? { success: false, message } : { success: false, message, code };
}

/** Body-parser errors reach us wrapped by Nest, carrying the parser's own words: replace them. */
function parserMessage(cause: unknown): string | undefined {
  const type = (cause as { type?: unknown } | undefined)?.type;
  if (typeof type === 'string')
    return PARSER_MESSAGES[type] ?? 'The request body could not be read.';
  if (cause instanceof URIError) return 'The request path is not valid.';
  return undefined;
}

function messageOf(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const { message } = response as { message?: unknown };
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return error.message;
}
