import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { roleKind } from '@khata/domain';
import type { NextFunction, Request, Response } from 'express';
import { SessionTokens } from '../auth/session-tokens.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { AppConfig } from '../config/config.js';
import { UsersRepository } from '../users/users.repository.js';
import { buildApiDocument } from './api-document.js';

/** Swagger UI; its assets live below it, the document beside it. */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_JSON_PATH = '/api/docs.json';

/** The console keeps its session token in this cookie (apps/console sessionToken.ts). */
const TOKEN_COOKIE = 'khata_token';

/**
 * Serves the OpenAPI document at /api/docs.json and Swagger UI at /api/docs (assets from
 * swagger-ui-dist, nothing from a CDN). The document is built on the first request and kept,
 * so start-up does not pay for it. With API_DOCS=admins (production's default) only a
 * signed-in admin, by bearer token or the console's cookie, gets either.
 */
export function serveApiDocs(app: NestExpressApplication, config: AppConfig): void {
  if (config.apiDocs === 'admins') app.use(adminsOnly(app, config));
  SwaggerModule.setup(API_DOCS_PATH.slice(1), app, () => buildApiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON_PATH.slice(1),
    raw: ['json'],
    useGlobalPrefix: false,
    customSiteTitle: 'Khata API',
    // No call to validator.swagger.io: the machine may be offline, and the CSP forbids it.
    swaggerOptions: { validatorUrl: null, persistAuthorization: false },
  });
}

/**
 * Whether Express would route this path to the documentation: it matches paths without regard
 * to case and with a trailing slash (issue 31: `/api/Docs.json` and `/api/docs.json/` were served
 * to anyone), so the gate compares the path the same way.
 */
export function isDocsPath(requested: string): boolean {
  const path = requested.toLowerCase().replace(/\/+$/, '');
  return (
    path === API_DOCS_PATH || path.startsWith(`${API_DOCS_PATH}/`) || path === API_DOCS_JSON_PATH
  );
}

function adminsOnly(app: NestExpressApplication, config: AppConfig) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!isDocsPath(request.path)) return next();
    isAdmin(app, config, request).then(
      (answer) => {
        if (answer === 'admin') return next();
        response.status(answer === 'signed-out' ? 401 : 403).json({
          success: false,
          message:
            answer === 'signed-out'
              ? 'Please login to continue'
              : 'Only an admin may read the API documentation here.',
        });
      },
      (error: unknown) => next(error),
    );
  };
}

async function isAdmin(
  app: NestExpressApplication,
  config: AppConfig,
  request: Request,
): Promise<'admin' | 'signed-out' | 'not-admin'> {
  const token = tokenOf(request);
  const claims = token ? app.get(SessionTokens).read(token) : undefined;
  if (!claims) return 'signed-out';
  const state = await app.get(SessionsService).stateOf(claims.sid, claims.sub);
  if (state !== 'live') return 'signed-out';
  const user = await app.get(UsersRepository).findById(claims.sub);
  if (!user || user.status !== 'active') return 'signed-out';
  return roleKind(user.role, config.productKey) === 'admin' ? 'admin' : 'not-admin';
}

function tokenOf(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && token) return token;
  }
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE && value.length) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
