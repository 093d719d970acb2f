import { type Check, fail, pass } from './check.js';
import { readDecimal } from './decimal.js';
import { Messages } from './messages.js';

/** An amount in integer paise (₹1 = 100). Always a safe integer, never a float. */
export type Paise = number;

export const PAISE_PER_RUPEE = 100;

/** ₹1 in paise, so constants read as rupees: `25_000 * RUPEE`. */
export const RUPEE: Paise = PAISE_PER_RUPEE;

const MAX_PAISE = BigInt(Number.MAX_SAFE_INTEGER);
const MAX_DECIMALS = 2;

/**
 * Rupees as clients send them ("1500.50", 1500.5) to paise. Numbers go through their shortest
 * decimal string and the digits are combined as integers, so 0.1 + 0.2 is refused rather than
 * silently rounded. Zero is a valid reading; rules that move money refuse it themselves.
 */
export function parseRupees(input: unknown): Check<Paise> {
  const reading = readDecimal(input);
  if (reading.kind === 'missing') return fail(Messages.amountRequired);
  if (reading.kind === 'invalid') return fail(Messages.amountInvalid);
  if (reading.fraction.length > MAX_DECIMALS) return fail(Messages.amountDecimals);
  const paise =
    BigInt(reading.whole) * BigInt(PAISE_PER_RUPEE) +
    BigInt(reading.fraction.padEnd(MAX_DECIMALS, '0'));
  if (paise > MAX_PAISE) return fail(Messages.amountTooLarge);
  return pass(Number(paise));
}

/** en-IN display with the rupee sign and lakh/crore grouping: `₹1,23,456.78`, `-₹5.00`. */
export function formatPaise(p: Paise): string {
  const { sign, rupees, paise } = splitPaise(p);
  return `${sign}₹${groupIndian(rupees)}.${paise}`;
}

/** Plain rupees with 2 decimals, as a string: "1500.50". */
export function rupeesString(p: Paise): string {
  const { sign, rupees, paise } = splitPaise(p);
  return `${sign}${rupees}.${paise}`;
}

/**
 * Rupees as a JSON number for the spec's clients. Goes through the decimal string, so the
 * double is the one that prints back as the same 2 decimals (exact up to 15 significant digits,
 * i.e. below ₹10,00,00,00,00,000).
 */
export function paiseToRupees(p: Paise): number {
  return Number(rupeesString(p));
}

export function isPaise(value: unknown): value is Paise {
  return Number.isSafeInteger(value);
}

function splitPaise(p: Paise): { sign: string; rupees: string; paise: string } {
  if (!isPaise(p)) throw new RangeError(`Not an amount in paise: ${String(p)}`);
  const magnitude = BigInt(p < 0 ? -p : p);
  const perRupee = BigInt(PAISE_PER_RUPEE);
  return {
    sign: p < 0 ? '-' : '',
    rupees: (magnitude / perRupee).toString(),
    paise: (magnitude % perRupee).toString().padStart(MAX_DECIMALS, '0'),
  };
}

// Indian grouping: the last three digits, then pairs (12,34,56,789). Done on the digit
// string so amounts past 2^53 rupees-worth of doubles stay exact.
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}
