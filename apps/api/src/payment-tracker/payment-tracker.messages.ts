import type { LimitRule } from '../common/rate-limiter.js';
import { minutesUntil } from '../common/rate-limiter.js';

export const PaymentTrackerMessages = {
  queryInvalid: 'Enter an order id (KH and its digits) or a UTR of 6 to 35 letters and digits.',
  /** The same words for a payment that does not exist and one outside the caller's network. */
  notFound: 'No payment with this order id or UTR was found in your network.',
  linkInvalid: 'This is not a Khata receipt link. Please scan the code on the receipt again.',
  linkUnknown:
    'No receipt matches this link. Please scan the code on the receipt again, or ask the shop.',
} as const;

/**
 * The public receipt check is open to anyone holding a receipt, so one address may check a
 * few a minute: plenty for a customer or a shop, far too few to walk through tokens (which
 * are 128-bit MACs anyway). Every check counts, found or not.
 */
export const ReceiptCheckLimit = {
  name: 'receipt-verify-ip',
  points: 20,
  windowSeconds: 60,
  refusal: (seconds) =>
    `Too many receipt checks from this address. Please try again in ${minutesUntil(seconds)}.`,
  whenRedisDown: 'memory',
} as const satisfies LimitRule;
