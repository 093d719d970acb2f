import { type Check, fail, pass } from './check.js';
import { isBlank } from './fields.js';
import { ACCOUNT_NUMBER_MAX_DIGITS, ACCOUNT_NUMBER_MIN_DIGITS } from './limits.js';
import { Messages } from './messages.js';

// RBI's IFSC: 4 bank letters, a reserved 0, then 6 branch letters or digits.
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = new RegExp(
  `^\\d{${ACCOUNT_NUMBER_MIN_DIGITS},${ACCOUNT_NUMBER_MAX_DIGITS}}$`,
);

/** Upper case, whitespace removed: "sbin 0001234 " → "SBIN0001234". */
export function normalizeIfsc(input: string): string {
  return input.replace(/\s/g, '').toUpperCase();
}

/** Whitespace removed, as pasted from passbooks ("1234 5678 9012"); leading zeros kept. */
export function normalizeAccountNumber(input: string): string {
  return input.replace(/\s/g, '');
}

export function checkIfsc(input: unknown): Check<string> {
  if (isBlank(input)) return fail(Messages.ifscRequired);
  const ifsc = typeof input === 'string' ? normalizeIfsc(input) : '';
  return IFSC.test(ifsc) ? pass(ifsc) : fail(Messages.ifscInvalid);
}

/** Digits only, 9 to 18 of them. Only strings: a JSON number would drop leading zeros. */
export function checkAccountNumber(input: unknown): Check<string> {
  if (isBlank(input)) return fail(Messages.accountNumberRequired);
  const accountNumber = typeof input === 'string' ? normalizeAccountNumber(input) : '';
  return ACCOUNT_NUMBER.test(accountNumber)
    ? pass(accountNumber)
    : fail(Messages.accountNumberInvalid);
}

/** Digits left visible when an account number is shown in logs, audit entries and receipts. */
export const ACCOUNT_NUMBER_VISIBLE_DIGITS = 4;

/**
 * "123456789012" → "XXXXXXXX9012": every character but the last 4 becomes X (whitespace is
 * dropped first), so logs, audit entries and receipts never carry a full account number.
 * Anything of 4 characters or fewer is masked whole.
 */
export function maskAccountNumber(input: string): string {
  const account = normalizeAccountNumber(input);
  if (account.length <= ACCOUNT_NUMBER_VISIBLE_DIGITS) return 'X'.repeat(account.length);
  const hidden = account.length - ACCOUNT_NUMBER_VISIBLE_DIGITS;
  return 'X'.repeat(hidden) + account.slice(hidden);
}
