import { BBPS_CORE_CATEGORIES, type BbpsCategory, type BbpsParams } from '@khata/domain';
import type { BbpsCatalogue } from './bbps-provider.js';
import type { SandboxBbpsBiller } from './sandbox-bbps-biller-kit.js';
import { ELECTRICITY, TELECOM, UTILITIES } from './sandbox-bbps-billers-home.js';
import { CIVIC, CREDIT_CARDS, FINANCE } from './sandbox-bbps-billers-money.js';

export type { SandboxBbpsBiller, SandboxBbpsParam } from './sandbox-bbps-biller-kit.js';

/**
 * The sandbox BBPS provider's catalogue (issue 27): the categories and billers a BBPOU lists,
 * with real-looking 14-character BBPS ids, the parameters and regexes public operator tables
 * show (india-rails.md §3), and a mix of fetch, ad hoc, exactness and CCF rules so every path
 * of the payment flow has a biller to try. Each parameter carries a sample value that its regex
 * accepts (a unit test proves it); the first parameter's sample ends in two digits, the code the
 * sandbox's rules read (sandbox-bbps-provider.ts), so `sandboxBbpsParams` makes test data for
 * any outcome.
 */

export const SANDBOX_BBPS_EXTRA_CATEGORIES: readonly BbpsCategory[] = [
  { code: 'cable-tv', name: 'Cable TV' },
  { code: 'housing-society', name: 'Housing Society' },
  { code: 'hospital', name: 'Hospital' },
  { code: 'subscription', name: 'Subscription' },
  { code: 'clubs', name: 'Clubs and Associations' },
];

/** Every sandbox biller, with its sample parameters. */
export const SANDBOX_BBPS_BILLERS: readonly SandboxBbpsBiller[] = [
  ...ELECTRICITY,
  ...UTILITIES,
  ...TELECOM,
  ...FINANCE,
  ...CREDIT_CARDS,
  ...CIVIC,
];

/** The catalogue as the provider's catalogue call answers it (no samples; fresh copies). */
export function sandboxBbpsCatalogue(): BbpsCatalogue {
  return {
    categories: [...BBPS_CORE_CATEGORIES, ...SANDBOX_BBPS_EXTRA_CATEGORIES].map((one) => ({
      ...one,
    })),
    billers: SANDBOX_BBPS_BILLERS.map(({ params, ccf, ...rest }) => ({
      ...rest,
      params: params.map(({ name, regex, optional }) => ({ name, regex, optional })),
      ccf: ccf.map((slab) => ({ ...slab })),
    })),
  };
}

export function sandboxBbpsBiller(billerId: string): SandboxBbpsBiller | undefined {
  return SANDBOX_BBPS_BILLERS.find((one) => one.id === billerId);
}

/**
 * A biller's sample parameters with the first one's last two digits set to `code` (the sandbox
 * rules' outcome), e.g. DHBVN with `'21'` gives `{ 'Account Number': '5314860021', … }`.
 */
export function sandboxBbpsParams(billerId: string, code = '42'): BbpsParams {
  const found = sandboxBbpsBiller(billerId);
  if (!found) throw new Error(`No sandbox biller ${billerId}.`);
  const [first, ...rest] = found.params;
  const params: BbpsParams = { [first!.name]: `${first!.sample.slice(0, -2)}${code}` };
  for (const one of rest) params[one.name] = one.sample;
  return params;
}
