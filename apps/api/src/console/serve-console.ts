import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { extname, join } from 'node:path';
import { DOCUMENT_ONLY_HEADERS } from '../common/http/security-headers.js';

/**
 * Paths the API owns outside the console's client-side routes (`/metrics`: issue 31, it was
 * answered with index.html, 200, token or not, whenever the console was served).
 */
const SERVER_PATHS = ['/api/', '/socket.io/', '/userProfile/', '/metrics/'];

/**
 * Serves the built console on the API's origin: hashed assets cached for a year, sent as the
 * brotli or gzip file the build made beside each one when the browser accepts it, without the
 * headers only a document obeys (DOCUMENT_ONLY_HEADERS), and every other page path answered
 * with index.html, with all of them, so react-router can take it (deep links work).
 */
export function serveConsole(app: NestExpressApplication, dist: string): void {
  app.use(
    expressStaticGzip(dist, {
      index: false,
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: {
        index: false,
        setHeaders: (response, path) => {
          const immutable = path.includes(`${join(dist, 'assets')}`);
          response.setHeader(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) response.removeHeader(name);
        },
      },
    }),
  );
  const indexHtml = join(dist, 'index.html');
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PATHS.some(
        (prefix) => request.path.startsWith(prefix) || `${request.path}/` === prefix,
      ) &&
      extname(request.path) === '';
    if (!isPage) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexHtml);
  });
}
