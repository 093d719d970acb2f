import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { serveApiDocs } from './api-docs/api-docs.js';
import { AppModule, type AppOptions } from './app.module.js';
import { useBodyParsing } from './common/http/body-parsing.js';
import { HttpErrorFilter } from './common/http/http-error.filter.js';
import { securityHeaderOptions } from './common/http/security-headers.js';
import { createValidationPipe } from './common/http/validation.pipe.js';
import type { AppConfig } from './config/config.js';
import { serveConsole } from './console/serve-console.js';
import { countRequests } from './metrics/http-metrics.js';
import { METRICS_ROUTE } from './metrics/metrics.controller.js';
import { RAIL_WEBHOOK_PATH } from './payouts/rail-webhook.controller.js';
import { PG_WEBHOOK_PATH } from './pg/pg.controller.js';
import { PICTURE_ROUTE } from './users/pictures/pictures.controller.js';

/** Builds the whole HTTP application (not yet listening): `main.ts` and the tests share it. */
export async function createApp(
  config: AppConfig,
  options: AppOptions & { shutdownHooks?: boolean } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    bufferLogs: true,
    // Ours instead (useBodyParsing): size and depth limits, and the raw bytes kept for signed
    // webhooks, since a provider signs the bytes it sent, not our parse of them.
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // Idle keep-alive connections outlive a client's or load balancer's (60 s is common): a
  // server that closes first races the next request on that connection into ECONNRESET.
  const server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  // First, so every answer is timed, refusals by helmet or the body parser included.
  app.use(countRequests);
  app.use(helmet(securityHeaderOptions(config)));
  // Answers over 1 kB (reports, lists) gzip-compressed when the client accepts it; the console's
  // assets are already compressed at build time and pass through untouched.
  app.use(compression({ threshold: 1024 }));
  useBodyParsing(app, [RAIL_WEBHOOK_PATH, PG_WEBHOOK_PATH]);
  app.setGlobalPrefix('api', { exclude: [PICTURE_ROUTE, METRICS_ROUTE] });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter());
  // Before the console's fallback route; the document itself is built on the first request.
  serveApiDocs(app, config);
  // main.ts stops on signals itself (startup.ts, stopOnSignals): Nest's hooks re-raise the
  // signal after closing, and under npm start's supervisor a Ctrl-C and the supervisor's
  // SIGTERM both arrive, where the second would kill the process mid-close.
  if (options.shutdownHooks !== false) app.enableShutdownHooks();

  const consoleDist = config.consoleDist;
  if (consoleDist && existsSync(join(consoleDist, 'index.html'))) serveConsole(app, consoleDist);
  return app;
}
