import { type Check, fail, pass } from '../check.js';

/**
 * The Aadhaar number as a shop types it for an AEPS transaction (issue 26). It is checked here
 * (12 digits, not starting with 0 or 1, UIDAI's Verhoeff check digit), sent to the provider
 * once, encrypted, and never stored, logged or sent back to the browser: what stays is the
 * masked form (`XXXX XXXX 1234`) and a keyed token the API derives to count a customer's
 * withdrawals (apps/api/src/aeps/aadhaar-token.ts).
 */

export const AadhaarMessages = {
  required: 'Please enter the customer’s 12-digit Aadhaar number.',
  invalid: 'This is not a valid Aadhaar number. Please check the 12 digits.',
} as const;

// Verhoeff's tables: the dihedral group D5's multiplication, its permutation, its inverse.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function verhoeffState(digits: string, offset: number): number {
  let c = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((digit, i) => {
    c = D[c]![P[(i + offset) % 8]![Number(digit)]!]!;
  });
  return c;
}

/** True when the last digit of `digits` is the Verhoeff check digit of the rest. */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffState(digits, 0) === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffDigit(digits: string): number {
  return INV[verhoeffState(digits, 1)]!;
}

/** Spaces and dashes a shop types between groups are ignored. */
export function checkAadhaar(input: unknown): Check<string> {
  if (typeof input !== 'string' || !input.trim()) return fail(AadhaarMessages.required);
  const digits = input.replace(/[\s-]/g, '');
  if (!/^[2-9]\d{11}$/.test(digits) || !verhoeffValid(digits)) {
    return fail(AadhaarMessages.invalid);
  }
  return pass(digits);
}

/** The only form an Aadhaar number is shown in after entry: `XXXX XXXX 1234`. */
export function maskAadhaar(aadhaarOrLastFour: string): string {
  return `XXXX XXXX ${aadhaarOrLastFour.slice(-4)}`;
}
