import { type BbpsBiller, type BbpsBillerParam, type BbpsCcfSlab, RUPEE } from '@khata/domain';

/**
 * What the sandbox BBPS catalogue's biller lists are built from (sandbox-bbps-catalogue.ts
 * assembles them): parameters with the sample value tests and demos type in, the common
 * parameters (mobile, card, vehicle), CCF slabs, and the biller builders with their defaults.
 */

/** A parameter with the value tests and demos type into it. */
export interface SandboxBbpsParam extends BbpsBillerParam {
  sample: string;
}

/** A catalogue biller with its sample parameters (the catalogue call strips the samples). */
export interface SandboxBbpsBiller extends Omit<BbpsBiller, 'params'> {
  params: SandboxBbpsParam[];
}

/** One parameter with its sample (required unless `optional`). */
export const param = (
  name: string,
  regex: string,
  sample: string,
  optional = false,
): SandboxBbpsParam => ({
  name,
  regex,
  sample,
  optional,
});

/** The customer's mobile, as utilities and postpaid billers ask for it. */
export const MOBILE = param('Mobile Number', '^[6789][0-9]{9}$', '9876543210');
/** The mobile registered with the card issuer or lender (BBPS names it so). */
export const REGISTERED_MOBILE = param(
  'Registered Mobile Number',
  '^[6789][0-9]{9}$',
  '9876543210',
);
/** A card biller's first parameter: the code digits are the card's last two. */
export const CARD_LAST4 = param('Last 4 digits of Credit Card Number', '^[0-9]{4}$', '4242');
/** A FASTag's vehicle number, e.g. HR26DK4242 (it ends in the code digits). */
export const VEHICLE = param(
  'Vehicle Registration Number',
  '^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$',
  'HR26DK4242',
);
/** Some insurers check the policyholder's date of birth with the policy number. */
export const DATE_OF_BIRTH = param(
  'Date of Birth (DD/MM/YYYY)',
  '^(0[1-9]|[12][0-9]|3[01])/(0[1-9]|1[0-2])/(19|20)[0-9]{2}$',
  '15/08/1985',
);

/** ₹5 on every FASTag recharge, as some issuers charge. */
export const FLAT_5: BbpsCcfSlab[] = [
  { minAmount: 0, maxAmount: null, flatFee: 5 * RUPEE, percentBp: 0 },
];
/** Nothing up to ₹5,000, then 0.5% of the amount (a card issuer's C2B CCF). */
export const HALF_PERCENT_ABOVE_5000: BbpsCcfSlab[] = [
  { minAmount: 0, maxAmount: 5_000 * RUPEE, flatFee: 0, percentBp: 0 },
  { minAmount: 5_000 * RUPEE + 1, maxAmount: null, flatFee: 0, percentBp: 50 },
];
/** ₹2 plus 0.1% of the amount (a loan servicer's collection fee). */
export const FLAT_2_AND_TENTH_PERCENT: BbpsCcfSlab[] = [
  { minAmount: 0, maxAmount: null, flatFee: 2 * RUPEE, percentBp: 10 },
];

/** The flags a biller may set apart from the builder's defaults. */
export type Rules = Partial<
  Pick<SandboxBbpsBiller, 'fetch' | 'adhoc' | 'exactness' | 'ccf' | 'active'>
>;

/** A biller that fetches bills, takes the bill or more, no CCF, active: override the rest. */
export function biller(
  id: string,
  name: string,
  categoryCode: string,
  coverage: string,
  params: SandboxBbpsParam[],
  rules: Rules = {},
): SandboxBbpsBiller {
  return {
    id,
    name,
    categoryCode,
    coverage,
    params,
    fetch: true,
    adhoc: false,
    exactness: 'EXACT_AND_ABOVE',
    ccf: [],
    active: true,
    ...rules,
  };
}

/** Ad hoc billers that give no bill (DTH, cable, subscriptions): any amount. */
export const PREPAID: Rules = { fetch: false, adhoc: true, exactness: 'ANY' };

/** A bank's card biller: last 4 digits first, then the registered mobile; pays ad hoc. */
export function card(id: string, bank: string, rules: Rules = {}): SandboxBbpsBiller {
  return biller(
    id,
    `${bank} Credit Card`,
    'credit-card',
    'National',
    [CARD_LAST4, REGISTERED_MOBILE],
    {
      fetch: false,
      adhoc: true,
      exactness: 'ANY',
      ...rules,
    },
  );
}
