import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { effectiveServices, roleKind, servicesAwaitingKyc, type PartnerScope } from '@khata/domain';
import type { Request } from 'express';
import { ACCESS_RULE, type AccessRule } from '../auth/access.js';
import type { AuthenticatedRequest } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { RateLimiter, type LimitRule } from '../common/rate-limiter.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UsersRepository } from '../users/users.repository.js';
import { parseApiKey, secretMatches } from './api-key-material.js';
import { PartnerApiMessages as Messages } from './partner-messages.js';
import { PartnerKeysRepository } from './partner-keys.repository.js';
import { checkSignature } from './request-signature.js';

/** Calls per key: a partner's systems batch at most this fast (docs/decisions.md, "Rate limits"). */
export const PartnerKeyLimit = {
  name: 'partner-key',
  points: 120,
  windowSeconds: 60,
  refusal: (seconds) => `Too many calls with this API key. Please retry in ${seconds} seconds.`,
  whenRedisDown: { refuse: Messages.limitUnavailable },
} as const satisfies LimitRule;

/** The key a machine call came with, for the handlers (the partner itself is `request.auth`). */
export type KeyedRequest = AuthenticatedRequest & { apiKey?: { id: string; prefix: string } };

const SIGNATURE_REFUSALS = {
  missing: Messages.signatureMissing,
  malformed: Messages.signatureMalformed,
  stale: Messages.signatureStale,
  mismatch: Messages.signatureMismatch,
} as const;

/**
 * A partner's machine route: `X-Khata-Key`, `X-Khata-Timestamp` and `X-Khata-Signature`, and
 * a key with `scope`. The rule and its guard come together, so the rule is never unchecked.
 */
export const ApiKeyScope = (scope: PartnerScope) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { type: 'api-key', scope } satisfies AccessRule),
    UseGuards(ApiKeyGuard),
  );

/**
 * Checks a partner's signed call: the key (prefix found, secret's SHA-256 equal in constant
 * time, not revoked), the per-key rate, the timestamp window, the HMAC over the raw body, the
 * scope, and an active partner. Then the partner is the request's user, as a session would
 * have made it. A captured call replayed inside the window is not refused here: a payout
 * carries its Idempotency-Key, so a replay answers the first payout and moves nothing
 * (docs/decisions.md, "Issue 12: partners").
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: PartnerKeysRepository,
    private readonly users: UsersRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (rule?.type !== 'api-key') throw new AppError(ErrorKind.Forbidden, Messages.keyInvalid);
    const request = context.switchToHttp().getRequest<Request & KeyedRequest>();
    const header = request.headers['x-khata-key'];
    if (header === undefined) throw unauthenticated(Messages.keyRequired);
    const parsed = parseApiKey(header);
    if (!parsed) throw unauthenticated(Messages.keyInvalid);
    const key = await this.keys.findByPrefix(parsed.prefix);
    if (!key || !secretMatches(parsed.secret, key.secretHash)) {
      throw unauthenticated(Messages.keyInvalid);
    }
    if (key.revokedAt) throw unauthenticated(Messages.keyRevoked);
    await this.limiter.consume(PartnerKeyLimit, key.id);

    const now = this.clock.now();
    const checked = checkSignature({
      secret: parsed.secret,
      signature: request.headers['x-khata-signature'],
      timestamp: request.headers['x-khata-timestamp'],
      rawBody: (request as Request & { rawBody?: Buffer }).rawBody,
      now,
    });
    if (!checked.ok) throw unauthenticated(SIGNATURE_REFUSALS[checked.reason]);

    if (!key.scopes.includes(rule.scope)) {
      throw new AppError(ErrorKind.Forbidden, `${Messages.scopeMissing} (${rule.scope}).`);
    }
    const user = await this.users.findById(key.partnerId);
    const kind = user && roleKind(user.role, this.config.productKey);
    if (!user || kind !== 'partner' || user.status !== 'active') {
      throw new AppError(ErrorKind.Forbidden, Messages.accountInactive);
    }
    const holder = { kind, overrides: user.serviceOverrides, kycState: user.kycState };
    request.auth = {
      userId: user.id,
      sessionId: `api-key:${key.id}`,
      role: user.role,
      kind,
      services: effectiveServices(holder),
      awaitingKyc: servicesAwaitingKyc(holder),
      kycState: user.kycState,
      mobile: user.mobile,
      name: user.name,
    };
    request.apiKey = { id: key.id, prefix: key.prefix };
    await this.keys.touch(key.id, now);
    return true;
  }
}

function unauthenticated(message: string): AppError {
  return new AppError(ErrorKind.Unauthenticated, message);
}
