import { type Check, fail, pass } from '../check.js';
import { readDecimal } from '../decimal.js';
import { Messages } from '../messages.js';
import { divideHalfUp, toSafeNumber } from './rounding.js';

/**
 * The currency converter (public tool /tools/currency-converter): rupees against the
 * currencies Khata's customers ask about, at rates Khata's admins set (no live feed).
 *
 * A rate is rupees per unit with up to 6 decimals, held as an integer of micro-rupees
 * (83.25 → 83,250,000). Amounts are integers of hundredths (paise for INR, cents for USD…),
 * so a conversion is one multiplication and one division on integers, rounded half-up to
 * the hundredth.
 */

export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'AED',
  'SGD',
  'JPY',
  'AUD',
  'CAD',
  'SAR',
  'CNY',
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export const CURRENCY_NAMES: Record<CurrencyCode, string> = {
  USD: 'US dollar',
  EUR: 'Euro',
  GBP: 'British pound',
  AED: 'UAE dirham',
  SGD: 'Singapore dollar',
  JPY: 'Japanese yen',
  AUD: 'Australian dollar',
  CAD: 'Canadian dollar',
  SAR: 'Saudi riyal',
  CNY: 'Chinese yuan',
};

/** Rupees per unit in millionths of a rupee. */
export type MicroRupees = number;

const MICRO_PER_RUPEE = 1_000_000n;
const RATE_DECIMALS = 6;
/** Ours: no currency of the list is near ₹10 lakh a unit; it bounds typos. */
export const MAX_INR_PER_UNIT: MicroRupees = 1_000_000 * 1_000_000;

export const CurrencyMessages = {
  currencyUnknown: `Please choose one of ${CURRENCIES.join(', ')}.`,
  rateRequired: 'Please enter the rate in rupees per unit.',
  rateInvalid: 'Please enter the rate as a number, e.g. 83.25.',
  rateNotPositive: 'The rate must be greater than zero.',
  rateDecimals: 'The rate can have at most 6 decimal places.',
  rateTooLarge: 'The rate can be at most ₹10,00,000 per unit.',
} as const;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function checkCurrencyCode(value: unknown): Check<CurrencyCode> {
  return isCurrencyCode(value) ? pass(value) : fail(CurrencyMessages.currencyUnknown);
}

/** Rupees per unit ("83.25", 83.25, "0.5712") to micro-rupees: positive, at most 6 decimals. */
export function parseInrPerUnit(input: unknown): Check<MicroRupees> {
  const reading = readDecimal(input);
  if (reading.kind === 'missing') return fail(CurrencyMessages.rateRequired);
  if (reading.kind === 'invalid') return fail(CurrencyMessages.rateInvalid);
  if (reading.fraction.length > RATE_DECIMALS) return fail(CurrencyMessages.rateDecimals);
  const micro =
    BigInt(reading.whole) * MICRO_PER_RUPEE + BigInt(reading.fraction.padEnd(RATE_DECIMALS, '0'));
  if (micro === 0n) return fail(CurrencyMessages.rateNotPositive);
  if (micro > BigInt(MAX_INR_PER_UNIT)) return fail(CurrencyMessages.rateTooLarge);
  return pass(Number(micro));
}

/** The rate with all 6 decimals, as Postgres numeric(18,6) takes it: "83.250000". */
export function inrPerUnitString(rate: MicroRupees): string {
  const micro = BigInt(rate);
  const fraction = (micro % MICRO_PER_RUPEE).toString().padStart(RATE_DECIMALS, '0');
  return `${micro / MICRO_PER_RUPEE}.${fraction}`;
}

/** The rate as a JSON number: exact, since a rate has at most 13 significant digits. */
export function inrPerUnitNumber(rate: MicroRupees): number {
  return Number(inrPerUnitString(rate));
}

export type Direction = 'toInr' | 'fromInr';

/**
 * An amount in hundredths converted at the rate:
 * - to rupees: paise = cents × rate ÷ 10⁶ (cents × micro-rupees is 10⁻⁸ rupees);
 * - from rupees: cents = paise × 10⁶ ÷ rate.
 * Refused when the answer would not fit a safe integer.
 */
export function convertAmount(
  amount: number,
  rate: MicroRupees,
  direction: Direction,
): Check<number> {
  const result =
    direction === 'toInr'
      ? divideHalfUp(BigInt(amount) * BigInt(rate), MICRO_PER_RUPEE)
      : divideHalfUp(BigInt(amount) * MICRO_PER_RUPEE, BigInt(rate));
  const value = toSafeNumber(result);
  return value === undefined ? fail(Messages.amountTooLarge) : pass(value);
}

/**
 * Foreign currency in hundredths, e.g. 1,234.50 USD → "$1,234.50": Intl's format of that
 * currency in the en-IN locale (Indian grouping). Rupees use formatPaise.
 */
export function formatForeign(hundredths: number, currency: CurrencyCode): string {
  return currencyFormat(currency).format(decimalString(hundredths));
}

function currencyFormat(currency: CurrencyCode): Intl.NumberFormat {
  // Two decimals for every currency, yen included, so a conversion shows its rounding.
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

// Intl formats a decimal string exactly, with no trip through a double.
function decimalString(hundredths: number): Intl.StringNumericLiteral {
  const sign = hundredths < 0 ? '-' : '';
  const digits = String(Math.abs(hundredths)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as Intl.StringNumericLiteral;
}
