import { type Paise, RUPEE, parseRupees } from './money.js';
import { AEPS_FEE_SLAB_MAX, PAYOUT_SLAB_1_MAX, PAYOUT_SLAB_2_MAX } from './limits.js';
import { DEFAULT_SCHEMES, quoteScheme } from './commission.js';

/** One slab of a user's payout rates, as the profile stores it (serviceRates.payout). */
export type Rate = {
  /** A flat fee in rupees; wins over percentBase when present (0 means free). */
  flatBase?: number | null;
  /** A percentage of the amount: 0.5 means 0.5%. At most 2 decimals. */
  percentBase?: number | null;
};
export type PayoutRates = { limit1?: Rate | null; limit2?: Rate | null; limit3?: Rate | null };

export type PayoutSlab = 1 | 2 | 3;

/** Fees when a slab has neither a flat nor a percent rate: ₹15, ₹25, ₹40. */
export const DEFAULT_PAYOUT_FEES: Readonly<Record<PayoutSlab, Paise>> = {
  1: 15 * RUPEE,
  2: 25 * RUPEE,
  3: 40 * RUPEE,
};

export const AEPS_FEE_UP_TO_SLAB: Paise = 8 * RUPEE;
export const AEPS_FEE_ABOVE_SLAB: Paise = 15 * RUPEE;

const BASIS_POINTS_PER_WHOLE = 10_000n;

export function payoutSlab(amount: Paise): PayoutSlab {
  assertAmount(amount);
  if (amount <= PAYOUT_SLAB_1_MAX) return 1;
  return amount <= PAYOUT_SLAB_2_MAX ? 2 : 3;
}

/**
 * The payout fee for an amount under the user's rates. Percent fees round half up to the
 * paisa, in integer arithmetic. A malformed rate is a configuration error and throws rather
 * than charging a guessed fee.
 */
export function payoutFee(amount: Paise, rates?: PayoutRates | null): Paise {
  const slab = payoutSlab(amount);
  const rate = rates?.[`limit${slab}`];
  if (rate?.flatBase !== undefined && rate?.flatBase !== null) return flatFee(rate.flatBase);
  if (rate?.percentBase !== undefined && rate?.percentBase !== null) {
    return percentFee(amount, rate.percentBase);
  }
  return DEFAULT_PAYOUT_FEES[slab];
}

/** AEPS settlement fee: ₹8 up to and including ₹25,000, ₹15 above. */
export function aepsSettlementFee(amount: Paise): Paise {
  assertAmount(amount);
  return amount <= AEPS_FEE_SLAB_MAX ? AEPS_FEE_UP_TO_SLAB : AEPS_FEE_ABOVE_SLAB;
}

function flatFee(rupees: number): Paise {
  const fee = parseRupees(rupees);
  if (!fee.ok) throw new RangeError(`Invalid flat payout rate: ${String(rupees)}`);
  return fee.value;
}

function percentFee(amount: Paise, percent: number): Paise {
  // A percent with 2 decimals is a whole number of basis points, read like rupees to paise.
  const basisPoints = parseRupees(percent);
  if (!basisPoints.ok || basisPoints.value > 100 * 100) {
    throw new RangeError(`Invalid percent payout rate: ${String(percent)}`);
  }
  const scaled = BigInt(amount) * BigInt(basisPoints.value);
  return Number((scaled + BASIS_POINTS_PER_WHOLE / 2n) / BASIS_POINTS_PER_WHOLE);
}

function assertAmount(amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`Not a non-negative amount in paise: ${String(amount)}`);
  }
}

/** The services that charge a fee per payment (the commission schemes' services too). */
export type FeeService = 'payout' | 'aepsSettlement' | 'dmt' | 'ppi';

/** What a payment's fee is decided from: the amount, the scheme's fee for it, the user's rates. */
export interface FeeBasis {
  service: FeeService;
  amount: Paise;
  /** The fee of the commission scheme in force for the payer, when one applies. */
  schemeFee?: Paise | null;
  /** The payer's own payout rates (serviceRates.payout); bank payouts only. */
  rates?: PayoutRates | null;
}

/**
 * The fee a payment is charged, and so the fee quoted before it (issue 23: one rule for both).
 * A bank payout: the user's own rate for the amount's slab wins over the scheme's fee (the
 * retailer's side of the payout scheme); without either, the defaults. An AEPS settlement: the
 * scheme's fee, else the AEPS default. A DMT or PPI transfer (issue 25): the scheme's fee, else
 * the shipped scheme of its service. Throws a RangeError for a malformed own rate.
 */
export function feeToCharge({ service, amount, schemeFee, rates }: FeeBasis): Paise {
  const scheme = schemeFee ?? undefined;
  // eslint-disable-next-line no-restricted-syntax -- a fee service (FeeService), not a payout kind
  if (service === 'aepsSettlement') return scheme ?? aepsSettlementFee(amount);
  if (service === 'dmt' || service === 'ppi') {
    return scheme ?? quoteScheme(DEFAULT_SCHEMES[service], amount).fee;
  }
  const own = rates?.[`limit${payoutSlab(amount)}`];
  const hasOwn =
    (own?.flatBase !== undefined && own.flatBase !== null) ||
    (own?.percentBase !== undefined && own.percentBase !== null);
  if (!hasOwn && scheme !== undefined) return scheme;
  return payoutFee(amount, rates);
}
