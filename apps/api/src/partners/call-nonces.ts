import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError, ErrorKind } from '../common/errors.js';
import { REDIS } from '../redis/redis.module.js';
import { PartnerApiMessages as Messages } from './partner-messages.js';
import { SIGNATURE_TOLERANCE_SECONDS } from './request-signature.js';

/**
 * A signed timestamp is accepted up to the tolerance either side of our clock, so a nonce must
 * be remembered until a call signed with it could no longer pass the window: twice the
 * tolerance from the moment it is first seen covers a timestamp signed in the future too.
 */
const REMEMBER_SECONDS = 2 * SIGNATURE_TOLERANCE_SECONDS;

/**
 * The nonces of a key's signed calls, each good once (issue 31): one atomic `SET NX EX` in
 * Redis, so of a burst of the same captured call exactly one gets through, on any process.
 * Without Redis a replay cannot be told apart, so the call is refused (503), as the per-key rate
 * limit already refuses partner calls then.
 */
@Injectable()
export class CallNonces {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Resolves the first time a key's nonce is seen; throws 401 after, 503 without Redis. */
  async useOnce(keyId: string, nonce: string): Promise<void> {
    let taken: string | null;
    try {
      taken = await this.redis.set(
        `partner-nonce:${keyId}:${nonce}`,
        '1',
        'EX',
        REMEMBER_SECONDS,
        'NX',
      );
    } catch {
      throw new AppError(ErrorKind.Unavailable, Messages.limitUnavailable);
    }
    if (taken !== 'OK') throw new AppError(ErrorKind.Unauthenticated, Messages.replayed);
  }
}
