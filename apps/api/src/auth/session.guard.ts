import {
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  effectiveServices,
  ErrorCode,
  Messages as DomainMessages,
  roleKind,
  servicesAwaitingKyc,
  SessionEndReason,
  signedOutIdle,
  temporaryCredentials,
} from '@khata/domain';
import type { Request } from 'express';
import { AppError, ErrorKind } from '../common/errors.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  ACCESS_RULE,
  allows,
  REFUSED_IN_LINK_SESSION,
  WITH_TEMPORARY_CREDENTIALS,
  type AccessRule,
} from './access.js';
import type { AuthenticatedRequest } from './auth-user.js';
import { serviceRefusal } from './service-refusal.js';
import { SessionTokens } from './session-tokens.js';
import { SessionsService } from './sessions.service.js';
import { SessionMessages as Messages } from './session-messages.js';

/**
 * Every HTTP call passes here (a global guard). It reads the route's access rule, checks the
 * bearer token and its session (revoked or expired: 401 with code 2211, spec §4), loads the
 * caller and applies the rule. A route that declares no rule is refused.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly logger = new Logger('SessionGuard');

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: SessionTokens,
    private readonly sessions: SessionsService,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) {
      this.logger.error(
        `${context.getClass().name}.${context.getHandler().name} declares no access rule.`,
      );
      throw new AppError(ErrorKind.Forbidden, Messages.notAllowed);
    }
    if (rule.type === 'public') return true;
    // A partner's machine route: ApiKeyGuard (attached with the rule by @ApiKeyScope) checks
    // the key and signature. A bearer token counts for nothing there.
    if (rule.type === 'api-key') return true;

    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) throw new AppError(ErrorKind.Unauthenticated, Messages.signIn);
    const claims = this.tokens.read(token);
    if (!claims) throw sessionEnded();
    const session = await this.sessions.check(claims.sid, claims.sub);
    if (session.state !== 'live') {
      throw sessionEnded(
        await this.sessions.endReason(claims.sid, session.state),
        this.config.sessions.idleMs,
      );
    }

    const user = await this.users.findById(claims.sub);
    const kind = user && roleKind(user.role, this.config.productKey);
    if (user?.status === 'blocked') throw sessionEnded(SessionEndReason.Deactivated);
    if (!user || !kind || user.status !== 'active') throw sessionEnded();

    // Read from Postgres on every request: a change of services or of KYC holds on every
    // process at once.
    const holder = { kind, overrides: user.serviceOverrides, kycState: user.kycState };
    request.auth = {
      userId: user.id,
      sessionId: claims.sid,
      role: user.role,
      kind,
      services: effectiveServices(holder),
      awaitingKyc: servicesAwaitingKyc(holder),
      kycState: user.kycState,
      mobile: user.mobile,
      name: user.name,
    };
    if (!allows(rule, request.auth)) {
      throw serviceRefusal(request.auth, (auth) => allows(rule, auth), Messages.notAllowed);
    }
    if (session.kind === 'link' && this.flag(context, REFUSED_IN_LINK_SESSION)) {
      throw new AppError(ErrorKind.Forbidden, DomainMessages.linkSessionRefused);
    }
    if (
      (user.passwordTemporary || user.pinTemporary) &&
      !this.flag(context, WITH_TEMPORARY_CREDENTIALS)
    ) {
      throw mustChangeCredentials(user);
    }
    // A refused call is no use of the session: only one that got through keeps it alive, and
    // not one the console made on its own (a page's polling, `X-Khata-Background: 1`).
    if (request.headers['x-khata-background'] !== '1') {
      await this.sessions.seen(claims.sid, session.lastSeenAt);
    }
    return true;
  }

  private flag(context: ExecutionContext, key: string): boolean {
    return (
      this.reflector.getAllAndOverride<boolean | undefined>(key, [
        context.getHandler(),
        context.getClass(),
      ]) === true
    );
  }
}

/**
 * 403 with code 4031 while the password or PIN is temporary, and which (`temporary`:
 * "password,pin"), so the console asks for exactly those.
 */
function mustChangeCredentials(user: { passwordTemporary: boolean; pinTemporary: boolean }) {
  return AppError.coded(ErrorCode.MustChangeCredentials, {
    fields: { temporary: temporaryCredentials(user).join(',') },
  });
}

/**
 * 401 with code 2211, and why when it is known (`reason`, an extension: API.md); an idle
 * session also says after how many minutes (`idleMinutes`).
 */
function sessionEnded(reason?: SessionEndReason, idleMs = 0): AppError {
  if (reason === SessionEndReason.Idle) {
    const idleMinutes = Math.round(idleMs / 60_000);
    return AppError.coded(ErrorCode.SessionEnded, {
      message: signedOutIdle(idleMinutes),
      fields: { reason, idleMinutes },
    });
  }
  const message =
    reason === SessionEndReason.SignedOutElsewhere
      ? DomainMessages.signedOutElsewhere
      : reason === SessionEndReason.Deactivated
        ? DomainMessages.accountDeactivated
        : Messages.sessionEnded;
  return AppError.coded(ErrorCode.SessionEnded, { message, fields: reason && { reason } });
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}
