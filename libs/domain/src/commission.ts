import { type Check, fail, pass } from './check.js';
import { type Paise, parseRupees, RUPEE } from './money.js';
import { UNLIMITED_PAYOUT_CAP } from './limits.js';
import type { PayoutRates, Rate } from './fees.js';

/**
 * Commission schemes (issue 13): per service, slabs by amount, each slab a fee the retailer
 * pays and a share for each upline level (distributor, super distributor), flat or percent of
 * the amount. The company keeps the rest of the fee after GST and the shares. The split of one
 * payment into ledger legs is `commissionSplit`; rounding and GST are in docs/decisions.md
 * ("Issue 13: commissions, TDS and GST").
 */

export const SCHEME_SERVICES = [
  'payout',
  'aepsSettlement',
  'dmt',
  'ppi',
  'aeps',
  'bbps',
  'rent',
  'pgLoad',
] as const;

/** The services whose schemes may have slabs per category (a BBPS category, a PG method). */
export const CATEGORY_SCHEME_SERVICES: readonly SchemeService[] = ['bbps', 'pgLoad'];

/**
 * The services whose scheme pays the shop rather than charging it (issue 26): on an AEPS
 * withdrawal the slab's `fee` is the commission the company pays, the uplines' shares come out
 * of it and the shop gets the rest (`aepsCommissionSplit`).
 */
export const EARNING_SCHEME_SERVICES: readonly SchemeService[] = ['aeps', 'bbps', 'rent'];
export type SchemeService = (typeof SCHEME_SERVICES)[number];

export const UPLINE_LEVELS = ['distributor', 'superDistributor'] as const;
export type UplineLevel = (typeof UPLINE_LEVELS)[number];

/** One slab: amounts above the previous slab's `upTo` up to and including this one (rupees). */
export interface SchemeSlab {
  /** Upper bound in rupees, inclusive; null on the last slab (no bound). */
  upTo: number | null;
  fee: Rate;
  distributor: Rate;
  superDistributor: Rate;
}

export interface SchemeDefinition {
  name: string;
  service: SchemeService;
  slabs: SchemeSlab[];
  /**
   * Bill payments' commission per BBPS category (issue 27): a category listed here has its own
   * slabs; any other category earns by `slabs`. Only the `bbps` service has them.
   */
  categorySlabs?: Record<string, SchemeSlab[]>;
}

/** The highest amount a scheme must hold for: the admin's unlimited payout cap. */
export const SCHEME_AMOUNT_MAX: Paise = UNLIMITED_PAYOUT_CAP;
export const SCHEME_NAME_MAX = 60;
export const SCHEME_SLABS_MAX = 10;

export const CommissionMessages = {
  nameRequired: 'Please enter a name for the scheme.',
  nameTooLong: `The scheme name can have at most ${SCHEME_NAME_MAX} characters.`,
  serviceInvalid: `Service must be one of ${SCHEME_SERVICES.join(', ')}.`,
  slabsRequired: 'A scheme needs at least one slab.',
  slabsTooMany: `A scheme can have at most ${SCHEME_SLABS_MAX} slabs.`,
  slabUpToInvalid: 'Each slab but the last needs an upper amount above the previous slab.',
  lastSlabOpen: 'The last slab has no upper amount: leave it empty.',
  rateInvalid:
    'Each fee and share is either a flat amount in rupees or a percent (up to 100, 2 decimals).',
  sharesExceedFee: (slab: number) =>
    `Slab ${slab}: the distributor and super distributor shares exceed the fee.`,
  schemeNotFound: 'Scheme not found.',
  categorySlabsBbpsOnly:
    'Only a bill payments (bbps) or gateway load (pgLoad) scheme has slabs per category.',
  categoryInvalid: 'Each category is a BBPS category code (lowercase letters, digits and dashes).',
  schemeInUse: 'This scheme is a default or assigned to users: change those first.',
  taxRateInvalid: 'Rate must be a percent between 0 and 100 with at most 2 decimals.',
  taxKindInvalid: 'Tax must be one of gst, tds, tdsNoPan.',
  effectiveFromInvalid: 'Please give the date the rate takes effect (YYYY-MM-DD).',
  effectiveFromPast: 'A new rate can only take effect from today or a later day.',
  roleInvalid: 'Please choose a role.',
  userInvalid: 'Please choose a user.',
  profitRangeInvalid:
    'Please give a from and to day (YYYY-MM-DD), from not after to, at most a year apart.',
  profitGroupInvalid: 'Group by day or month.',
  schemeSaved: 'Scheme saved.',
  schemeAssigned: 'Scheme assigned.',
  taxRateAdded: 'Tax rate added.',
  payoutRatesSaved: "The user's payout fees are saved.",
} as const;

/** Tax rates in basis points (1800 = 18%). */
export interface TaxRatesInForce {
  gst: number;
  tds: number;
  tdsNoPan: number;
}

/** Section 194H TDS 2% (20% without a PAN, section 206AA); GST 18%. */
export const DEFAULT_TAX_RATES: TaxRatesInForce = { gst: 1800, tds: 200, tdsNoPan: 2000 };
export const TAX_KINDS = ['gst', 'tds', 'tdsNoPan'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

const BP_WHOLE = 10_000n;

/** Half up to the paisa of `numerator / denominator` for non-negative integers. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A percent with at most 2 decimals, as basis points; undefined if it is not one in 0..100. */
export function percentToBasisPoints(percent: unknown): number | undefined {
  const parsed = parseRupees(percent);
  if (!parsed.ok || parsed.value > 100 * 100) return undefined;
  return parsed.value;
}

/** A rate applied to an amount: flat rupees, or a percent of the amount rounded half up. */
export function rateOf(amount: Paise, rate: Rate | null | undefined): Paise {
  if (rate?.flatBase !== undefined && rate.flatBase !== null) {
    const flat = parseRupees(rate.flatBase);
    if (!flat.ok) throw new RangeError(`Invalid flat rate: ${String(rate.flatBase)}`);
    return flat.value;
  }
  if (rate?.percentBase !== undefined && rate.percentBase !== null) {
    const bp = percentToBasisPoints(rate.percentBase);
    if (bp === undefined) throw new RangeError(`Invalid percent rate: ${String(rate.percentBase)}`);
    return Number(divideHalfUp(BigInt(amount) * BigInt(bp), BP_WHOLE));
  }
  return 0;
}

/** The slab of a scheme an amount falls in (1-based), or undefined past the last bound. */
export function schemeSlabOf(scheme: Pick<SchemeDefinition, 'slabs'>, amount: Paise): number {
  const index = scheme.slabs.findIndex(
    (slab) => slab.upTo === null || amount <= Math.round(slab.upTo * RUPEE),
  );
  return index < 0 ? scheme.slabs.length : index + 1;
}

/** What a scheme charges and shares for one amount, in paise. */
export interface SchemeQuote {
  slab: number;
  fee: Paise;
  shares: Record<UplineLevel, Paise>;
}

export function quoteScheme(
  scheme: Pick<SchemeDefinition, 'slabs' | 'categorySlabs'>,
  amount: Paise,
  category?: string,
): SchemeQuote {
  if (category !== undefined && scheme.categorySlabs?.[category]) {
    return quoteScheme({ slabs: scheme.categorySlabs[category] }, amount);
  }
  const slab = schemeSlabOf(scheme, amount);
  const rates = scheme.slabs[slab - 1]!;
  const fee = rateOf(amount, rates.fee);
  // Each percent rounds half up on its own, so shares that add up to the fee's percent could
  // pass it by a paisa: the distributor's is cut to the fee, the super distributor's to the rest.
  const distributor = Math.min(rateOf(amount, rates.distributor), fee);
  const superDistributor = Math.min(rateOf(amount, rates.superDistributor), fee - distributor);
  return { slab, fee, shares: { distributor, superDistributor } };
}

/**
 * One upline's commission on one payment; `shop` is the shop's own commission on an earning
 * service (an AEPS withdrawal).
 */
export interface CommissionShare {
  level: UplineLevel | 'shop';
  userId: string;
  hasPan: boolean;
  /** The gross commission in paise (before TDS). */
  gross: Paise;
}

export interface CommissionLine extends CommissionShare {
  /** TDS rate applied, basis points. */
  tdsRate: number;
  tds: Paise;
  net: Paise;
}

/** How one fee is split: every part in paise; gst + company + Σ gross = fee exactly. */
export interface CommissionSplit {
  fee: Paise;
  gstRate: number;
  gst: Paise;
  commissions: CommissionLine[];
  tds: Paise;
  /** The company's income: the fee less GST and the gross commissions (the remainder). */
  company: Paise;
}

/**
 * Splits a fee the retailer paid. GST is inside the fee (inclusive): gst = fee × r / (1 + r),
 * half up to the paisa. Each commission is its scheme share, whole; TDS on it is gross × rate,
 * half up to the paisa, the payee gets the rest. Shares are cut to the fee net of GST, so the
 * company's part is never negative. The company takes the remainder, so nothing is rounded away: −fee + Σ net + Σ TDS + GST + company = 0.
 */
export function commissionSplit(
  fee: Paise,
  shares: readonly CommissionShare[],
  rates: TaxRatesInForce,
): CommissionSplit {
  if (!Number.isSafeInteger(fee) || fee < 0) throw new RangeError(`Invalid fee: ${String(fee)}`);
  const gst = Number(divideHalfUp(BigInt(fee) * BigInt(rates.gst), BP_WHOLE + BigInt(rates.gst)));
  // Shares never take more than the fee net of GST (a per-user fee may be below the scheme's
  // shares): each is cut to what is left, in the order given (distributor first).
  let left = fee - gst;
  const commissions: CommissionLine[] = [];
  for (const share of shares) {
    if (!Number.isSafeInteger(share.gross) || share.gross < 0)
      throw new RangeError('Invalid share');
    const gross = Math.min(share.gross, left);
    if (gross <= 0) continue;
    left -= gross;
    const tdsRate = share.hasPan ? rates.tds : rates.tdsNoPan;
    const tds = Number(divideHalfUp(BigInt(gross) * BigInt(tdsRate), BP_WHOLE));
    commissions.push({ ...share, gross, tdsRate, tds, net: gross - tds });
  }
  const gross = commissions.reduce((sum, line) => sum + line.gross, 0);
  const tds = commissions.reduce((sum, line) => sum + line.tds, 0);
  return { fee, gstRate: rates.gst, gst, commissions, tds, company: fee - gst - gross };
}

/** An AEPS withdrawal's commission: the uplines' lines as in any split, and the shop's own. */
export interface AepsCommissionSplit extends CommissionSplit {
  /** The shop's commission (paid to its wallet), or null when the uplines' shares took it all. */
  earner: CommissionLine | null;
}

/**
 * The commission the company pays on one AEPS withdrawal (issue 26): `total` is the scheme's
 * slab fee, each upline's share is cut to what is left of it (distributor first), the shop
 * (`earner`) gets the rest. TDS (section 194H) is withheld on every line, the shop's included
 * (`tds` is the sum). No GST: the company pays these commissions, it charges no fee. The
 * uplines stay in `commissions` (paid to their commission accounts, as in every split, so
 * Monthly Stats' line "commissions equal the sums of their legs" holds); the shop's line is
 * `earner` (paid to its wallet). The company's part is the whole cost, negative:
 * −company = Σ net + Σ TDS = total.
 */
export function aepsCommissionSplit(
  total: Paise,
  earner: { userId: string; hasPan: boolean },
  shares: readonly CommissionShare[],
  rates: TaxRatesInForce,
): AepsCommissionSplit {
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(`Invalid commission: ${String(total)}`);
  }
  const line = (share: CommissionShare): CommissionLine => {
    const tdsRate = share.hasPan ? rates.tds : rates.tdsNoPan;
    const tds = Number(divideHalfUp(BigInt(share.gross) * BigInt(tdsRate), BP_WHOLE));
    return { ...share, tdsRate, tds, net: share.gross - tds };
  };
  let left = total;
  const commissions: CommissionLine[] = [];
  for (const share of shares) {
    const gross = Math.min(Math.max(share.gross, 0), left);
    if (gross <= 0) continue;
    left -= gross;
    commissions.push(line({ ...share, gross }));
  }
  const shop = left > 0 ? line({ level: 'shop', ...earner, gross: left }) : null;
  const tds = [...commissions, ...(shop ? [shop] : [])].reduce((sum, one) => sum + one.tds, 0);
  return { fee: 0, gstRate: 0, gst: 0, commissions, tds, company: -total, earner: shop };
}

/** A rate as a scheme form sends it: exactly one of flatBase (rupees) and percentBase. */
function checkRate(input: unknown): Check<Rate> {
  if (typeof input !== 'object' || input === null) return fail(CommissionMessages.rateInvalid);
  const { flatBase, percentBase } = input as Rate;
  const hasFlat = flatBase !== undefined && flatBase !== null;
  const hasPercent = percentBase !== undefined && percentBase !== null;
  if (hasFlat === hasPercent) return fail(CommissionMessages.rateInvalid);
  if (hasFlat) {
    const flat = parseRupees(flatBase);
    if (!flat.ok || flat.value < 0 || flat.value > SCHEME_AMOUNT_MAX) {
      return fail(CommissionMessages.rateInvalid);
    }
    return pass({ flatBase: flat.value / RUPEE });
  }
  const bp = percentToBasisPoints(percentBase);
  if (bp === undefined || bp < 0) return fail(CommissionMessages.rateInvalid);
  return pass({ percentBase: bp / 100 });
}

/**
 * A user's own payout rates (serviceRates.payout, the retailer's side of the payout scheme):
 * `limit1`..`limit3`, each absent or null (the scheme's fee for that slab) or one rate.
 */
export function checkPayoutRates(input: unknown): Check<PayoutRates> {
  if (typeof input !== 'object' || input === null) return fail(CommissionMessages.rateInvalid);
  const rates: PayoutRates = {};
  for (const [key, value] of Object.entries(input)) {
    if (key !== 'limit1' && key !== 'limit2' && key !== 'limit3') {
      return fail(CommissionMessages.rateInvalid);
    }
    if (value === undefined || value === null) continue;
    const rate = checkRate(value);
    if (!rate.ok) return rate;
    rates[key] = rate.value;
  }
  return pass(rates);
}

/**
 * A scheme as an admin sends it. Refuses a slab whose shares exceed its fee at any amount of
 * the slab: fee and shares are linear in the amount, so checking both ends of the slab is
 * enough (the last slab ends at SCHEME_AMOUNT_MAX).
 */
export function checkScheme(input: unknown): Check<SchemeDefinition> {
  if (typeof input !== 'object' || input === null) return fail(CommissionMessages.nameRequired);
  const body = input as Record<string, unknown>;
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) return fail(CommissionMessages.nameRequired);
  if (name.length > SCHEME_NAME_MAX) return fail(CommissionMessages.nameTooLong);
  if (!(SCHEME_SERVICES as readonly unknown[]).includes(body.service)) {
    return fail(CommissionMessages.serviceInvalid);
  }
  const slabs = checkSlabs(body.slabs);
  if (!slabs.ok) return slabs;
  const service = body.service as SchemeService;
  if (body.categorySlabs === undefined || body.categorySlabs === null) {
    return pass({ name, service, slabs: slabs.value });
  }
  if (!CATEGORY_SCHEME_SERVICES.includes(service)) {
    return fail(CommissionMessages.categorySlabsBbpsOnly);
  }
  if (typeof body.categorySlabs !== 'object' || Array.isArray(body.categorySlabs)) {
    return fail(CommissionMessages.categoryInvalid);
  }
  const categorySlabs: Record<string, SchemeSlab[]> = {};
  for (const [category, raw] of Object.entries(body.categorySlabs as Record<string, unknown>)) {
    if (!/^[a-z0-9-]{1,40}$/.test(category)) return fail(CommissionMessages.categoryInvalid);
    const checked = checkSlabs(raw);
    if (!checked.ok) return fail(`${category}: ${checked.message}`);
    categorySlabs[category] = checked.value;
  }
  return pass({ name, service, slabs: slabs.value, categorySlabs });
}

/** A scheme's slabs as an admin sends them: ordered bounds, shares within the fee. */
function checkSlabs(input: unknown): Check<SchemeSlab[]> {
  if (!Array.isArray(input) || input.length === 0) {
    return fail(CommissionMessages.slabsRequired);
  }
  if (input.length > SCHEME_SLABS_MAX) return fail(CommissionMessages.slabsTooMany);
  const slabs: SchemeSlab[] = [];
  let previous: Paise = 0;
  for (const [index, raw] of (input as unknown[]).entries()) {
    if (typeof raw !== 'object' || raw === null) return fail(CommissionMessages.rateInvalid);
    const slab = raw as Record<string, unknown>;
    const last = index === input.length - 1;
    let upTo: Paise | null = null;
    if (last) {
      if (slab.upTo !== undefined && slab.upTo !== null && slab.upTo !== '') {
        return fail(CommissionMessages.lastSlabOpen);
      }
    } else {
      const bound = parseRupees(slab.upTo);
      if (!bound.ok || bound.value <= previous || bound.value >= SCHEME_AMOUNT_MAX) {
        return fail(CommissionMessages.slabUpToInvalid);
      }
      upTo = bound.value;
    }
    const fee = checkRate(slab.fee);
    const distributor = checkRate(slab.distributor);
    const superDistributor = checkRate(slab.superDistributor);
    if (!fee.ok) return fee;
    if (!distributor.ok) return distributor;
    if (!superDistributor.ok) return superDistributor;
    const checked: SchemeSlab = {
      upTo: upTo === null ? null : upTo / RUPEE,
      fee: fee.value,
      distributor: distributor.value,
      superDistributor: superDistributor.value,
    };
    for (const amount of [previous + 1, upTo ?? SCHEME_AMOUNT_MAX]) {
      const shares = rateOf(amount, checked.distributor) + rateOf(amount, checked.superDistributor);
      if (shares > rateOf(amount, checked.fee)) {
        return fail(CommissionMessages.sharesExceedFee(index + 1));
      }
    }
    slabs.push(checked);
    previous = upTo ?? previous;
  }
  return pass(slabs);
}

/**
 * The schemes Khata ships with (the migration seeds them as every role's default): the
 * payout's fees are the spec's 15/25/40 over its slabs (₹25,000 and ₹1,00,000), the AEPS
 * settlement's ₹8/₹15 over ₹25,000; the uplines' shares are ours (docs/decisions.md). The DMT
 * fee (issue 25) is the customer's: ₹10 up to ₹1,000, 1% above (never below ₹10, since 1% of
 * anything above ₹1,000 is at least ₹10), GST inside it; the uplines' shares sit inside the
 * 0–0.25% distributor band of india-rails.md §1.5.
 */
const ONE_PERCENT_HALF: SchemeSlab = {
  upTo: null,
  fee: { percentBase: 0.5 },
  distributor: { percentBase: 0.05 },
  superDistributor: { percentBase: 0.03 },
};
const FLAT_FIVE: SchemeSlab = {
  upTo: null,
  fee: { flatBase: 5 },
  distributor: { flatBase: 0.5 },
  superDistributor: { flatBase: 0.3 },
};

export const DEFAULT_SCHEMES: Readonly<Record<SchemeService, SchemeDefinition>> = {
  payout: {
    name: 'Standard payout',
    service: 'payout',
    slabs: [
      {
        upTo: 25_000,
        fee: { flatBase: 15 },
        distributor: { flatBase: 3 },
        superDistributor: { flatBase: 1 },
      },
      {
        upTo: 100_000,
        fee: { flatBase: 25 },
        distributor: { flatBase: 5 },
        superDistributor: { flatBase: 2 },
      },
      {
        upTo: null,
        fee: { flatBase: 40 },
        distributor: { flatBase: 8 },
        superDistributor: { flatBase: 3 },
      },
    ],
  },
  aepsSettlement: {
    name: 'Standard AEPS settlement',
    service: 'aepsSettlement',
    slabs: [
      {
        upTo: 25_000,
        fee: { flatBase: 8 },
        distributor: { flatBase: 1 },
        superDistributor: { flatBase: 0.5 },
      },
      {
        upTo: null,
        fee: { flatBase: 15 },
        distributor: { flatBase: 2 },
        superDistributor: { flatBase: 1 },
      },
    ],
  },
  dmt: {
    name: 'Standard DMT',
    service: 'dmt',
    slabs: [
      {
        upTo: 1_000,
        fee: { flatBase: 10 },
        distributor: { flatBase: 2 },
        superDistributor: { flatBase: 1 },
      },
      {
        upTo: null,
        fee: { percentBase: 1 },
        distributor: { percentBase: 0.2 },
        superDistributor: { percentBase: 0.1 },
      },
    ],
  },
  // Issue 26: the commission on an AEPS cash withdrawal (the shop's part under Eko's caps,
  // india-rails.md §2.4): the slab's fee is the whole commission, the shop gets it less the shares.
  aeps: {
    name: 'Standard AEPS commission',
    service: 'aeps',
    slabs: [
      {
        upTo: 499,
        fee: { flatBase: 1.5 },
        distributor: { flatBase: 0.3 },
        superDistributor: { flatBase: 0.2 },
      },
      {
        upTo: 999,
        fee: { flatBase: 4 },
        distributor: { flatBase: 0.5 },
        superDistributor: { flatBase: 0.25 },
      },
      {
        upTo: 1_999,
        fee: { flatBase: 8 },
        distributor: { flatBase: 0.75 },
        superDistributor: { flatBase: 0.35 },
      },
      {
        upTo: 2_999,
        fee: { flatBase: 13 },
        distributor: { flatBase: 1 },
        superDistributor: { flatBase: 0.5 },
      },
      {
        upTo: null,
        fee: { flatBase: 15.5 },
        distributor: { flatBase: 1.25 },
        superDistributor: { flatBase: 0.6 },
      },
    ],
  },
  // Issue 27: the commission a shop earns on a bill payment (the biller's, through the BBPOU),
  // by category: utilities ₹2 up to ₹1,000 then 0.2%; postpaid, DTH and FASTag 0.5%; loan,
  // insurance and education a flat ₹5; a credit card bill earns nothing (card issuers pay no
  // biller commission). The uplines' shares come out of it (docs/decisions.md, "Issue 27").
  bbps: {
    name: 'Standard bill payments',
    service: 'bbps',
    slabs: [
      {
        upTo: 1_000,
        fee: { flatBase: 2 },
        distributor: { flatBase: 0.3 },
        superDistributor: { flatBase: 0.2 },
      },
      {
        upTo: null,
        fee: { percentBase: 0.2 },
        distributor: { percentBase: 0.03 },
        superDistributor: { percentBase: 0.02 },
      },
    ],
    categorySlabs: {
      'mobile-postpaid': [ONE_PERCENT_HALF],
      dth: [ONE_PERCENT_HALF],
      fastag: [ONE_PERCENT_HALF],
      'loan-emi': [FLAT_FIVE],
      insurance: [FLAT_FIVE],
      education: [FLAT_FIVE],
      'credit-card': [
        {
          upTo: null,
          fee: { flatBase: 0 },
          distributor: { flatBase: 0 },
          superDistributor: { flatBase: 0 },
        },
      ],
    },
  },
  // Issue 28: the commission on a rent agreement, an earning scheme on the service charge: ₹60
  // of the ₹299 charge, of which the distributor's ₹10 and the super distributor's ₹5 (ours;
  // docs/decisions.md, "Issue 28: rent agreements").
  rent: {
    name: 'Standard rent agreement',
    service: 'rent',
    slabs: [
      {
        upTo: null,
        fee: { flatBase: 60 },
        distributor: { flatBase: 10 },
        superDistributor: { flatBase: 5 },
      },
    ],
  },
  // Issue 28: a wallet load through a payment gateway: the gateway's fee by method (the
  // category is the method: upi, card, netbanking; any other pays `slabs`), before GST, which
  // the charge adds (pgCharge). Inside Eko's 0.9–4% card band (india-rails.md §4); no upline
  // shares (the fee is the gateway's, passed on). docs/decisions.md "Issue 28".
  pgLoad: {
    name: 'Standard gateway load',
    service: 'pgLoad',
    slabs: [
      {
        upTo: null,
        fee: { percentBase: 1.2 },
        distributor: { flatBase: 0 },
        superDistributor: { flatBase: 0 },
      },
    ],
    categorySlabs: {
      upi: [
        {
          upTo: null,
          fee: { percentBase: 0.5 },
          distributor: { flatBase: 0 },
          superDistributor: { flatBase: 0 },
        },
      ],
      card: [
        {
          upTo: null,
          fee: { percentBase: 1.8 },
          distributor: { flatBase: 0 },
          superDistributor: { flatBase: 0 },
        },
      ],
      netbanking: [
        {
          upTo: 10_000,
          fee: { flatBase: 12 },
          distributor: { flatBase: 0 },
          superDistributor: { flatBase: 0 },
        },
        {
          upTo: null,
          fee: { percentBase: 1.2 },
          distributor: { flatBase: 0 },
          superDistributor: { flatBase: 0 },
        },
      ],
    },
  },
  // Issue 25: PPI money transfer's own scheme (docs/decisions.md, "PPI money transfer").
  ppi: {
    name: 'Standard PPI transfer',
    service: 'ppi',
    slabs: [
      {
        upTo: 1_000,
        fee: { flatBase: 12 },
        distributor: { flatBase: 2 },
        superDistributor: { flatBase: 1 },
      },
      {
        upTo: null,
        fee: { percentBase: 1.2 },
        distributor: { percentBase: 0.25 },
        superDistributor: { percentBase: 0.1 },
      },
    ],
  },
};

/** Where a leg of a fee's split goes; the API maps each onto a ledger account. */
export type SplitParty =
  { kind: 'commission'; userId: string } | { kind: 'tds' } | { kind: 'gst' } | { kind: 'company' };

export interface SplitLeg {
  party: SplitParty;
  amount: Paise;
}

/**
 * The credit legs of a split (the retailer's debit of the fee is the caller's): each upline's
 * net commission, TDS payable (the sum of the withheld TDS, one leg), GST payable and the
 * company's remainder. Zero legs are left out (the ledger refuses them). They add up to the fee.
 */
export function splitLegs(split: CommissionSplit): SplitLeg[] {
  const legs: SplitLeg[] = split.commissions.map((line) => ({
    party: { kind: 'commission', userId: line.userId },
    amount: line.net,
  }));
  legs.push({ party: { kind: 'tds' }, amount: split.tds });
  legs.push({ party: { kind: 'gst' }, amount: split.gst });
  legs.push({ party: { kind: 'company' }, amount: split.company });
  return legs.filter((leg) => leg.amount !== 0);
}

/** The legs that undo a split's legs: every one negated (a returned payout). */
export function reversedLegs(legs: readonly SplitLeg[]): SplitLeg[] {
  return legs.map((leg) => ({ party: leg.party, amount: -leg.amount }));
}
