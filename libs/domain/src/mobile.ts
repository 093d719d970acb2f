import { type Check, fail, pass } from './check.js';
import { MOBILE_DIGITS } from './limits.js';
import { Messages } from './messages.js';

/** Keeps only the digits, as the wallet transfer field does while typing. */
export function normalizeMobile(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * A 10-digit mobile number. "Required" is judged after stripping, so the browser (which strips
 * while typing) and the API refuse "abc" with the same words.
 */
export function checkMobile(input: unknown): Check<string> {
  const raw = typeof input === 'string' || typeof input === 'number' ? String(input) : '';
  const digits = normalizeMobile(raw);
  if (digits === '') return fail(Messages.mobileRequired);
  if (digits.length !== MOBILE_DIGITS) return fail(Messages.mobileTenDigits);
  return pass(digits);
}
