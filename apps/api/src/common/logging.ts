import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * JSON logs (pino), one line an event, each HTTP line with its request id. The id comes from
 * an `x-request-id` the caller sent, when it looks safe, and is echoed back.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const sent = request.headers['x-request-id'];
        const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
        response.setHeader('x-request-id', id);
        return id;
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers.pin',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500
          ? 'error'
          : response.statusCode >= 400
            ? 'warn'
            : 'info',
      // Health checks every few seconds would drown the rest.
      autoLogging: { ignore: (request) => request.url === '/api/health' },
    },
  };
}
