import { type Check, fail, pass } from '../check.js';
import { formatPaise, type Paise } from '../money.js';

/**
 * Bharat BillPay's biller catalogue (issue 27), as the provider lists it and Khata keeps it
 * (synced into the database, never hard-coded in the console): categories, and billers with the
 * customer parameters each needs, whether a bill can be fetched, whether it takes a payment
 * without a fetch (ad hoc), how exact the amount must be, and the customer convenience fee
 * (CCF) slabs. The field names follow the BBPS COU API (india-rails.md §3; docs/api.md "Bill
 * payments (BBPS)" maps them).
 */

export interface BbpsCategory {
  /** Stable key, e.g. `electricity`, `credit-card`. */
  code: string;
  name: string;
}

/** One customer parameter of a biller (BBPS `inputParams.input[]`). */
export interface BbpsBillerParam {
  /** The name BBPS knows it by, sent back as `paramName` ("Account Number"). */
  name: string;
  /** The biller's regular expression for the value (anchored here if it is not). */
  regex: string;
  optional: boolean;
}

/**
 * BBPS `amount_exactness`: EXACT (the bill's amount only), EXACT_AND_ABOVE (the bill's amount
 * or more), EXACT_AND_BELOW (a part payment up to the bill), ANY (any amount).
 */
export const BBPS_EXACTNESS = ['EXACT', 'EXACT_AND_ABOVE', 'EXACT_AND_BELOW', 'ANY'] as const;
export type BbpsExactness = (typeof BBPS_EXACTNESS)[number];

/**
 * One CCF slab (BBPS `interchangeFee` CCF1, C2B): for amounts from `minAmount` to `maxAmount`
 * (paise, inclusive; null is no bound), a flat fee in paise plus basis points of the amount.
 */
export interface BbpsCcfSlab {
  minAmount: Paise;
  maxAmount: Paise | null;
  flatFee: Paise;
  percentBp: number;
}

export interface BbpsBiller {
  /** BBPS biller id, e.g. `DHBVN0000HAR01`. */
  id: string;
  name: string;
  categoryCode: string;
  /** The state or `National`, as the provider lists it. */
  coverage: string;
  params: BbpsBillerParam[];
  /** Bills can be fetched (`is_fetch`). */
  fetch: boolean;
  /** Pays without a fetch (`billerAdhoc`). */
  adhoc: boolean;
  exactness: BbpsExactness;
  ccf: BbpsCcfSlab[];
  /** The provider lists it but it takes no payments now (kept for the receipt of old ones). */
  active: boolean;
}

/** The customer's values by parameter name, trimmed. */
export type BbpsParams = Record<string, string>;

export const BbpsCatalogueMessages = {
  billerRequired: 'Please choose a biller.',
  billerNotFound: 'This biller is not in the Bharat BillPay catalogue.',
  billerInactive: 'This biller is not taking payments now. Please try later.',
  paramsRequired: 'Please fill in the customer details the biller asks for.',
  paramMissing: (name: string) => `Please enter the ${name}.`,
  paramInvalid: (name: string) => `The ${name} is not valid for this biller.`,
  fetchNotSupported: 'This biller does not give bills to fetch: enter the amount to pay.',
  fetchRequired: 'Fetch the bill first: this biller takes payments only against a fetched bill.',
} as const;

/** The biller's regex anchored to the whole value (the catalogue's own may be unanchored). */
export function paramPattern(param: Pick<BbpsBillerParam, 'regex'>): RegExp {
  const source = param.regex.trim();
  const anchored = `${source.startsWith('^') ? '' : '^'}${source}${source.endsWith('$') ? '' : '$'}`;
  return new RegExp(anchored);
}

/**
 * The customer parameters as the biller asks for them: each value trimmed, every required one
 * present, every given one matching its regex; parameters the biller does not have are dropped.
 */
export function checkBillerParams(
  biller: Pick<BbpsBiller, 'params'>,
  input: unknown,
): Check<BbpsParams> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail(BbpsCatalogueMessages.paramsRequired);
  }
  const given = input as Record<string, unknown>;
  const params: BbpsParams = {};
  for (const param of biller.params) {
    const raw = given[param.name];
    const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
    if (!value) {
      if (param.optional) continue;
      return fail(BbpsCatalogueMessages.paramMissing(param.name));
    }
    if (value.length > 100 || !paramPattern(param).test(value)) {
      return fail(BbpsCatalogueMessages.paramInvalid(param.name));
    }
    params[param.name] = value;
  }
  return pass(params);
}

/** The CCF on an amount: the slab it falls in (first match), flat + percent half up; 0 if none. */
export function ccfOf(slabs: readonly BbpsCcfSlab[], amount: Paise): Paise {
  const slab = slabs.find(
    (one) => amount >= one.minAmount && (one.maxAmount === null || amount <= one.maxAmount),
  );
  if (!slab) return 0;
  return slab.flatFee + Math.floor((amount * slab.percentBp + 5_000) / 10_000);
}

/**
 * Whether an amount may pay a fetched bill of `billAmount` under the biller's exactness; the
 * refusal names the bill's amount.
 */
export function checkAmountAgainstBill(
  exactness: BbpsExactness,
  billAmount: Paise,
  amount: Paise,
): Check<Paise> {
  const bill = formatPaise(billAmount);
  switch (exactness) {
    case 'EXACT':
      return amount === billAmount
        ? pass(amount)
        : fail(`This biller takes the exact bill amount only: ${bill}.`);
    case 'EXACT_AND_ABOVE':
      return amount >= billAmount
        ? pass(amount)
        : fail(`The amount cannot be less than the bill: ${bill}.`);
    case 'EXACT_AND_BELOW':
      return amount <= billAmount
        ? pass(amount)
        : fail(`The amount cannot be more than the bill: ${bill}.`);
    case 'ANY':
      return pass(amount);
  }
}

/** A parameter as reports and receipts show it: a card's number masked to its last four. */
export function maskedParam(name: string, value: string): string {
  if (/card/i.test(name) && value.length > 4) return `XXXX ${value.slice(-4)}`;
  if (/card/i.test(name)) return `XXXX ${value}`;
  return value;
}

/** The categories every sandbox or real catalogue is expected to have (india-rails.md §3). */
export const BBPS_CORE_CATEGORIES: readonly BbpsCategory[] = [
  { code: 'electricity', name: 'Electricity' },
  { code: 'water', name: 'Water' },
  { code: 'gas', name: 'Gas' },
  { code: 'piped-gas', name: 'Piped Gas' },
  { code: 'lpg', name: 'LPG Cylinder' },
  { code: 'broadband', name: 'Broadband Postpaid' },
  { code: 'landline', name: 'Landline Postpaid' },
  { code: 'mobile-postpaid', name: 'Mobile Postpaid' },
  { code: 'dth', name: 'DTH' },
  { code: 'fastag', name: 'FASTag' },
  { code: 'insurance', name: 'Insurance' },
  { code: 'loan-emi', name: 'Loan Repayment' },
  { code: 'credit-card', name: 'Credit Card' },
  { code: 'municipal-tax', name: 'Municipal Taxes' },
  { code: 'education', name: 'Education Fees' },
];

/** DHBVN, the biller `/admin/dhbvn-bill` pays (india-rails.md §3). */
export const DHBVN_BILLER_ID = 'DHBVN0000HAR01';
export const CREDIT_CARD_CATEGORY = 'credit-card';
