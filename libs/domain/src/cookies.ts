import { TERMS_FLAG_DAYS } from './limits.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a cookie set now expires: the end of the current local day when no days are given,
 * else now plus that many 24-hour days (what js-cookie's `expires: n` means).
 */
export function cookieExpiry(now: Date, days?: number): Date {
  if (days === undefined) {
    return new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  }
  if (!Number.isFinite(days)) throw new RangeError(`Invalid cookie lifetime: ${days} days`);
  return new Date(now.getTime() + days * DAY_MS);
}

/** The terms acceptance flag ("yes"/"no") is kept for 1 day. */
export function termsFlagExpiry(now: Date): Date {
  return cookieExpiry(now, TERMS_FLAG_DAYS);
}
