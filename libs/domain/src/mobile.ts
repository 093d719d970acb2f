import { type Check, fail, pass } from './check.js';
import { MOBILE_DIGITS } from './limits.js';
import { Messages } from './messages.js';

/** Keeps only the digits, as the wallet transfer field does while typing. */
export function normalizeMobile(input: string): string {
  return input.replace(/\D/g, '');
}

/** Ours: a mobile number sent as a JSON number, array or object (the contract says text). */
export const MOBILE_NOT_TEXT = 'Mobile number must be text, such as "9876543210".';

/**
 * A 10-digit mobile number, as text: a number is not silently one (it would lose a leading
 * zero, and clients that send one are sending something else). "Required" is judged after
 * stripping, so the browser (which strips while typing) and the API refuse "abc" alike.
 */
export function checkMobile(input: unknown): Check<string> {
  if (input === undefined || input === null) return fail(Messages.mobileRequired);
  if (typeof input !== 'string') return fail(MOBILE_NOT_TEXT);
  const digits = normalizeMobile(input);
  if (digits === '') return fail(Messages.mobileRequired);
  if (digits.length !== MOBILE_DIGITS) return fail(Messages.mobileTenDigits);
  return pass(digits);
}
