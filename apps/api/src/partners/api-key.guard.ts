import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { effectiveServices, servicesAwaitingKyc, type PartnerScope } from '@khata/domain';
import type { Request } from 'express';
import { ACCESS_RULE, type AccessRule } from '../auth/access.js';
import type { AuthenticatedRequest } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { RateLimiter, type LimitRule } from '../common/rate-limiter.js';
import { UserDirectory } from '../users/user-directory.js';
import { parseKeyId } from './api-key-material.js';
import { CallNonces } from './call-nonces.js';
import { PartnerApiMessages as Messages } from './partner-messages.js';
import { PartnerKeysRepository } from './partner-keys.repository.js';
import { checkCallSignature } from './request-signature.js';

/** Calls per key: a partner's systems batch at most this fast (docs/decisions.md, "Rate limits"). */
export const PartnerKeyLimit = {
  name: 'partner-key',
  points: 120,
  windowSeconds: 60,
  refusal: (seconds) => Messages.tooManyCalls(seconds),
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
 * A partner's machine route: `X-Khata-Key-Id`, `X-Khata-Timestamp`, `X-Khata-Nonce` and
 * `X-Khata-Signature`, and a key with `scope`. The rule and its guard come together, so the rule is never unchecked.
 */
export const ApiKeyScope = (scope: PartnerScope) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { type: 'api-key', scope } satisfies AccessRule),
    UseGuards(ApiKeyGuard),
  );

/**
 * Checks a partner's signed call (issue 31): the key id (found, not revoked), the per-key rate,
 * the timestamp window and the HMAC under the key's secret (opened from its sealed copy) over
 * the method, the path with its query, the timestamp, the nonce and the raw body; then the
 * nonce, once per key (a replayed call is refused, however many arrive at once); the scope, and
 * an active partner. The secret itself never travels: the old `X-Khata-Key` (`<id>.<secret>`)
 * is refused with a message saying what to send. Then the partner is the request's user, as a
 * session would have made it.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: PartnerKeysRepository,
    private readonly nonces: CallNonces,
    private readonly users: UserDirectory,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (rule?.type !== 'api-key') throw new AppError(ErrorKind.Forbidden, Messages.keyInvalid);
    const request = context.switchToHttp().getRequest<Request & KeyedRequest>();
    const header = request.headers['x-khata-key-id'];
    if (header === undefined) {
      const old = request.headers['x-khata-key'] !== undefined;
      throw unauthenticated(old ? Messages.oldKeyHeader : Messages.keyRequired);
    }
    const keyId = parseKeyId(header);
    const key = keyId && (await this.keys.findByPrefix(keyId));
    if (!key) throw unauthenticated(Messages.keyInvalid);
    if (key.revokedAt || key.secret === null) throw unauthenticated(Messages.keyRevoked);
    await this.limiter.consume(PartnerKeyLimit, key.id);

    const now = this.clock.now();
    const checked = checkCallSignature({
      secret: key.secret,
      signature: request.headers['x-khata-signature'],
      timestamp: request.headers['x-khata-timestamp'],
      nonce: request.headers['x-khata-nonce'],
      method: request.method,
      path: request.originalUrl,
      rawBody: (request as Request & { rawBody?: Buffer }).rawBody,
      now,
    });
    if (!checked.ok) throw unauthenticated(SIGNATURE_REFUSALS[checked.reason]);
    // Only a correctly signed call spends its nonce, so nobody else can use a partner's up.
    await this.nonces.useOnce(key.id, request.headers['x-khata-nonce'] as string);

    if (!key.scopes.includes(rule.scope)) {
      throw new AppError(ErrorKind.Forbidden, Messages.scopeMissingFor(rule.scope));
    }
    const user = await this.users.findById(key.partnerId);
    const kind = user && this.users.kindOf(user.role);
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
