import { type Check, fail, pass } from './check.js';

/**
 * Issue 23: a payout settled by hand in Payment Operations carries two texts. The admin's
 * reason is internal (the audit log only); the customer's message is what the receipt, the
 * transaction report and the public check say about a failed payout. They never mix.
 */

export const RESOLVE_REASON_MIN = 10;
export const RESOLVE_REASON_MAX = 500;
/** As long as the rail's own failure reasons run, so a receipt line stays one line or two. */
export const CUSTOMER_MESSAGE_MAX = 120;

/** What the customer reads when the admin leaves the message as it is. */
export const DEFAULT_FAILED_CUSTOMER_MESSAGE =
  'The bank did not complete this payment. The money is back in your balance.';

export const HandResolutionMessages = {
  reasonShort: `Please give the reason, in at least ${RESOLVE_REASON_MIN} characters.`,
  reasonLong: `The reason can be at most ${RESOLVE_REASON_MAX} characters.`,
  customerMessageType: "The customer's message must be text.",
  customerMessageLong: `The customer's message can be at most ${CUSTOMER_MESSAGE_MAX} characters.`,
} as const;

/** The internal reason: 10 to 500 characters once trimmed. */
export function checkResolveReason(value: unknown): Check<string> {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (reason.length < RESOLVE_REASON_MIN) return fail(HandResolutionMessages.reasonShort);
  return reason.length <= RESOLVE_REASON_MAX
    ? pass(reason)
    : fail(HandResolutionMessages.reasonLong);
}

/** The customer's message of a failed payout: blank gives the standard one. */
export function checkCustomerMessage(value: unknown): Check<string> {
  if (value === undefined || value === null) return pass(DEFAULT_FAILED_CUSTOMER_MESSAGE);
  if (typeof value !== 'string') return fail(HandResolutionMessages.customerMessageType);
  const message = value.trim().replace(/\s+/g, ' ');
  if (message === '') return pass(DEFAULT_FAILED_CUSTOMER_MESSAGE);
  return message.length <= CUSTOMER_MESSAGE_MAX
    ? pass(message)
    : fail(HandResolutionMessages.customerMessageLong);
}
