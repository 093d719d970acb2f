import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { DOCUMENT_ONLY_HEADERS } from '../common/http/security-headers.js';

/**
 * Paths the API owns outside the console's client-side routes (`/metrics`: issue 31, it was
 * answered with index.html, 200, token or not, whenever the console was served).
 */
const SERVER_PATHS = ['/api/', '/socket.io/', '/userProfile/', '/metrics/'];

/**
 * Issue 30: the public pages the console's build prerendered (apps/console/src/prerender.tsx),
 * by path. They are rendered signed out, so a request with the session cookie gets index.html.
 */
const PRERENDERED: Readonly<Record<string, string>> = {
  '/': 'home.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
  '/partnerLogin': 'partnerLogin.html',
};
const SESSION_COOKIE = /(?:^|;)\s*khata_token=[^;\s]/;

/**
 * Serves the built console on the API's origin: hashed assets cached for a year, sent as the
 * brotli or gzip file the build made beside each one when the browser accepts it, without the
 * headers only a document obeys (DOCUMENT_ONLY_HEADERS), and every other page path answered
 * with index.html, with all of them, so react-router can take it (deep links work), or with
 * its prerendered copy (PRERENDERED) for a visitor without a session.
 */
export function serveConsole(app: NestExpressApplication, dist: string): void {
  // A build from before the prerender has none: its pages are all index.html.
  const prerendered = new Map(
    Object.entries(PRERENDERED)
      .map(([path, file]) => [path, `/prerendered/${file}`] as const)
      .filter(([, file]) => existsSync(join(dist, file))),
  );
  // A page path becomes the file that answers it, which the static files then send like any
  // other: the brotli or gzip copy the build made, when the browser accepts it.
  app.use((request: Request, _response: Response, next: NextFunction) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PATHS.some(
        (prefix) => request.path.startsWith(prefix) || `${request.path}/` === prefix,
      ) &&
      extname(request.path) === '';
    if (!isPage) return next();
    const signedIn = SESSION_COOKIE.test(request.headers.cookie ?? '');
    request.url = (!signedIn && prerendered.get(request.path)) || '/index.html';
    next();
  });
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
          // A page depends on the session cookie: a cache must not give one's to the other.
          // (serve-static types it as Node's response; it is Express's.)
          else (response as Response).vary('Cookie');
        },
      },
    }),
  );
}
