import type { LimitRule } from '../common/rate-limiter.js';
import { PaymentTrackerMessages } from './payment-tracker.messages.js';

/**
 * The public receipt check is open to anyone holding a receipt, so one address may check a
 * few a minute: plenty for a customer or a shop, far too few to walk through tokens (which
 * are 128-bit MACs anyway). Every check counts, found or not.
 */
export const ReceiptCheckLimit = {
  name: 'receipt-verify-ip',
  points: 20,
  windowSeconds: 60,
  refusal: (seconds) => PaymentTrackerMessages.tooManyChecks(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;
