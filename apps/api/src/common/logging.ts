import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { Options } from 'pino-http';
import pinoPretty from 'pino-pretty';
import type { AppConfig } from '../config/config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The only request headers a log line carries (issue 31): an allowlist, not a denylist, so a
 * credential in a header nobody thought of (a partner's `X-Khata-Key` and its signature, a
 * cookie, the PIN, an Idempotency-Key) never reaches the logs.
 */
export const LOGGED_REQUEST_HEADERS = [
  'host',
  'user-agent',
  'content-type',
  'content-length',
  'accept',
  'origin',
  'referer',
  'x-request-id',
  'x-forwarded-for',
  // A partner's public key id and single-use nonce say which key called; the secret is never
  // sent and the signature stays out.
  'x-khata-key-id',
  'x-khata-timestamp',
  'x-khata-nonce',
] as const;

/** The answer's headers a log line carries: none that can hold a session (`set-cookie`). */
export const LOGGED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'x-request-id',
] as const;

type Headers = Record<string, unknown> | undefined;

/** Only the named headers, as they came. */
export function pickHeaders(headers: Headers, names: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const name of names) if (headers?.[name] !== undefined) kept[name] = headers[name];
  return kept;
}

interface SerializedRequest {
  id?: unknown;
  method?: unknown;
  url?: unknown;
  remoteAddress?: unknown;
  remotePort?: unknown;
  headers?: Headers;
}

interface SerializedResponse {
  statusCode?: unknown;
  headers?: Headers;
}

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
    // pino-http hands these its own serialised request and answer; they keep the allowlists.
    serializers: {
      req: (request: SerializedRequest) => ({
        id: request.id,
        method: request.method,
        url: request.url,
        remoteAddress: request.remoteAddress,
        remotePort: request.remotePort,
        headers: pickHeaders(request.headers, LOGGED_REQUEST_HEADERS),
      }),
      res: (response: SerializedResponse) => ({
        statusCode: response.statusCode,
        headers: pickHeaders(response.headers, LOGGED_RESPONSE_HEADERS),
      }),
    },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    // Health checks every few seconds would drown the rest.
    autoLogging: { ignore: (request) => request.url === '/api/health' },
  };
  return { pinoHttp: pretty ? [options, prettyStream()] : options };
}
