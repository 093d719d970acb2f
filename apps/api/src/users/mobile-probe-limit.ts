import type { LimitRule } from '../common/rate-limiter.js';
import { UserLookupMessages } from './user-lookup-messages.js';

/**
 * Calls that tell a caller whether a mobile number has an account outside its network: a login
 * link refused (unknown, or not below the caller) and, for non-admins, register-user's "already
 * exists". One budget per caller across both: each such call takes a point first, and gives it
 * back when it succeeds, so only the refusals count. Redis down: counted in each process's
 * memory.
 */
export const MobileProbeLimit = {
  name: 'mobile-probe-user',
  points: 20,
  windowSeconds: 60 * 60,
  refusal: (seconds) => UserLookupMessages.tooManyOutside(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;
