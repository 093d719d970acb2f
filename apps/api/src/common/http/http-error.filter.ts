import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, HTTP_STATUS_BY_KIND } from '../errors.js';

interface ErrorBody {
  success: false;
  message: string;
  code?: number;
}

const FALLBACK_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Errors raised by body parsing before any handler ran (the `http-errors` `type`). */
const PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
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
      return [HTTP_STATUS_BY_KIND[error.kind], body(error.message, error.code)];
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
