import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { Options } from 'pino-http';
import pinoPretty from 'pino-pretty';
import type { AppConfig } from '../config/config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Nest's start-up chatter (a line per module and per route): debug, not info, when pretty. */
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'WebSocketsController',
]);

/**
 * pino-pretty on stdout: `[12:04:05] INFO: [Context] message`, an HTTP answer as
 * `GET /api/x 200 12ms`, without the request's and answer's objects. Synchronous (not a
 * transport's worker thread), so a line logged before the welcome is printed before it.
 */
function prettyStream() {
  return pinoPretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context,req,res,responseTime,reqId',
    messageFormat: '{if context}[{context}] {end}{msg}',
    singleLine: true,
    sync: true,
  });
}

/**
 * JSON logs (pino), one line an event, each HTTP line with its request id. The id comes from
 * an `x-request-id` the caller sent, when it looks safe, and is echoed back. With
 * LOG_FORMAT=pretty (development's default) one readable line an event instead, and Nest's
 * start-up lines (modules loaded, routes mapped) at debug, so they do not bury the welcome.
 */
export function loggerOptions(config: AppConfig): Params {
  const pretty = config.logFormat === 'pretty';
  const options: Options = {
    level: config.logLevel,
    ...(pretty && {
      customSuccessMessage: (request: IncomingMessage, response: ServerResponse, ms: number) =>
        `${request.method} ${request.url} ${response.statusCode} ${Math.round(ms)}ms`,
      customErrorMessage: (request: IncomingMessage, response: ServerResponse) =>
        `${request.method} ${request.url} ${response.statusCode}`,
      hooks: {
        logMethod(this: { debug: (...args: unknown[]) => void }, args, method, level) {
          const first: unknown = args[0];
          const context =
            typeof first === 'object' && first !== null
              ? (first as { context?: unknown }).context
              : undefined;
          if (level === 30 && typeof context === 'string' && START_UP_CONTEXTS.has(context)) {
            return this.debug(...args);
          }
          return method.apply(this, args);
        },
      },
    }),
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
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    // Health checks every few seconds would drown the rest.
    autoLogging: { ignore: (request) => request.url === '/api/health' },
  };
  return { pinoHttp: pretty ? [options, prettyStream()] : options };
}
