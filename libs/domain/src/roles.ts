import { paiseToRupees, type Paise } from './money.js';

/** The product key that prefixes employee roles when config gives none. */
export const DEFAULT_PRODUCT_KEY = 'khata';

/** What a role is, whatever the product key its employee role strings carry. */
export const ROLE_KINDS = [
  'admin',
  'sdistributor',
  'coDistributor',
  'distributor',
  'employee1',
  'employee2',
  'user',
  'partner',
] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];

/** "Distributors" in the spec's sidebar table: all three distributor tiers. */
export const DISTRIBUTOR_KINDS: readonly RoleKind[] = [
  'sdistributor',
  'coDistributor',
  'distributor',
];

/** Everyone who works in the /admin area; partners have their own area (/partner). */
export const ADMIN_AREA_KINDS: readonly RoleKind[] = ROLE_KINDS.filter(
  (kind) => kind !== 'partner',
);

const FIXED_ROLES: ReadonlyMap<string, RoleKind> = new Map<string, RoleKind>([
  ['admin', 'admin'],
  ['sdistributor', 'sdistributor'],
  ['coDistributor', 'coDistributor'],
  ['distributor', 'distributor'],
  ['user', 'user'],
  ['partner', 'partner'],
]);

export function isRoleKind(value: unknown): value is RoleKind {
  return ROLE_KINDS.some((kind) => kind === value);
}

/** The kind of a stored role string; undefined for anything unknown (deny by default). */
export function roleKind(
  role: string,
  productKey: string = DEFAULT_PRODUCT_KEY,
): RoleKind | undefined {
  const fixed = FIXED_ROLES.get(role);
  if (fixed) return fixed;
  if (role === `${productKey}Employee1`) return 'employee1';
  if (role === `${productKey}Employee2`) return 'employee2';
  return undefined;
}

/** The role string stored for a kind: employees carry the product key (`khataEmployee2`). */
export function roleName(kind: RoleKind, productKey: string = DEFAULT_PRODUCT_KEY): string {
  if (kind === 'employee1') return `${productKey}Employee1`;
  if (kind === 'employee2') return `${productKey}Employee2`;
  return kind;
}

export function isDistributor(kind: RoleKind): boolean {
  return DISTRIBUTOR_KINDS.includes(kind);
}

/**
 * The top bar's welcome text. Only the three titles of the spec are titles; a coDistributor,
 * like everyone else, is greeted by first name.
 */
export function welcomeText(kind: RoleKind | undefined, name?: string | null): string {
  if (kind === 'admin') return 'Admin';
  if (kind === 'sdistributor') return 'Super Distributor';
  if (kind === 'distributor') return 'Distributor';
  const firstName = (name ?? '').trim().split(/\s+/)[0];
  return firstName ? firstName : 'User';
}

export type BalanceCall = 'admin' | 'user';

/**
 * Who reads the admin balance (main balance plus profit areas, `/admin/checkBalance`); the
 * others read the user balance, which also brings their service list. The API's guard on the
 * admin call and every `balanceCall` (console and API) read this one list.
 */
export const ADMIN_BALANCE_KINDS: readonly RoleKind[] = ['admin', 'sdistributor', 'coDistributor'];

export function balanceCall(kind: RoleKind): BalanceCall {
  return ADMIN_BALANCE_KINDS.includes(kind) ? 'admin' : 'user';
}

/** What a balance is made of, in paise: the wallet and the profit areas (commission). */
export interface BalanceSources {
  readonly wallet: Paise;
  readonly commission: Paise;
}

/**
 * The admin balance call's figures in rupees (spec §6): the main balance (the wallet), the
 * profit areas, and the balance shown, their sum. `/admin/checkBalance`, the profile's account
 * details and the `balance.updated` push all answer these.
 */
export function adminBalance({ wallet, commission }: BalanceSources) {
  return {
    mainBalance: paiseToRupees(wallet),
    profitArea: { commission: paiseToRupees(commission) },
    balance: paiseToRupees(wallet + commission),
  };
}

/** Employee 2 sees the lien and security amounts in the top bar. */
export function showsLienAndSecurity(kind: RoleKind): boolean {
  return kind === 'employee2';
}

/**
 * Who may make the unlimited payout (`/admin/unlimitedPayout`, below ₹10,00,000): the API's
 * guard on that route, its quote's cap and the console's switch all read this list.
 */
export const UNLIMITED_PAYOUT_KINDS: readonly RoleKind[] = ['admin'];

export function canCallUnlimitedPayout(kind: RoleKind | undefined): boolean {
  return kind !== undefined && UNLIMITED_PAYOUT_KINDS.includes(kind);
}

/** How a role is named to people: one name, its plural, and what it can do. */
export interface RoleLabel {
  readonly label: string;
  readonly plural: string;
  /** What someone of this role does in Khata, in a shop owner's words (onboarding shows it). */
  readonly summary: string;
}

/**
 * The one name of each role on every screen (onboarding, All Users, Network, badges, notices,
 * the users CSV) (issue 23). `employee2` is the retailer (spec §6 gives it AEPS settlement and
 * payment requests); `employee1` is counter staff (wallet transfers and bank payouts only);
 * `user` is what signup makes, with no services until an admin switches one on, so it is not
 * called a retailer.
 */
export const ROLE_LABELS: Readonly<Record<RoleKind, RoleLabel>> = {
  admin: { label: 'Admin', plural: 'Admins', summary: 'Runs Khata: every user and every screen.' },
  sdistributor: {
    label: 'Super Distributor',
    plural: 'Super Distributors',
    summary: 'Onboards and funds distributors and retailers below them.',
  },
  coDistributor: {
    label: 'Co-Distributor',
    plural: 'Co-Distributors',
    summary: 'Onboards and funds retailers and counter staff below them.',
  },
  distributor: {
    label: 'Distributor',
    plural: 'Distributors',
    summary: 'Onboards and funds retailers and counter staff below them.',
  },
  employee1: {
    label: 'Counter staff',
    plural: 'Counter staff',
    summary: 'Wallet transfers and bank payouts; no AEPS.',
  },
  employee2: {
    label: 'Retailer',
    plural: 'Retailers',
    summary: 'Wallet transfers, bank payouts, AEPS settlement and payment requests.',
  },
  user: {
    label: 'Basic user',
    plural: 'Basic users',
    summary: 'No services: signs in, raises complaints; an admin can switch services on later.',
  },
  partner: {
    label: 'Partner',
    plural: 'Partners',
    summary: 'A business that pays out through the API.',
  },
};

/** A role's one name; a stored role string of no known kind is shown as it came. */
export function roleLabel(kind: RoleKind | null | undefined, role?: string): string {
  return kind ? ROLE_LABELS[kind].label : (role ?? '');
}
