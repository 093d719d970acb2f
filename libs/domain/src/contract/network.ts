import { fail, pass, type Check } from '../check.js';
import { Messages } from '../messages.js';
import type { Ok, PageRequest } from './common.js';
import { isUuid } from './ids.js';
import type { TransactionStatus } from './transaction-kinds.js';

/**
 * The distributor's downline and the admin's views of the network (issue 12: Network, Merchant
 * list, Admin account, Admin dashboard). Every answer is scoped by the one network rule
 * (network-scope.ts): a user outside the viewer's network is answered like one that does not
 * exist. Amounts are rupees.
 */

/** `POST /api/admin/network`: the direct children of a node; no `rootId`, the viewer's own root. */
export interface NetworkRequest {
  rootId?: string;
}

/** One member of the network tree, as the tree shows it. */
export interface NetworkMember {
  id: string;
  name: string;
  mobile: string;
  role: string;
  status: 'active' | 'blocked';
  shopName: string | null;
  /** Wallet balance available now. */
  balance: number;
  /** Money the member moved out of its wallet this month (India's business month). */
  monthVolume: number;
  /** Direct children; 0 for a leaf. */
  childCount: number;
}

export interface NetworkAnswer extends Ok {
  /** The node whose children these are; null for an admin's top level (users without a parent). */
  root: NetworkMember | null;
  /** Its direct children, by name; at most NETWORK_CHILDREN_LIMIT of `childTotal`. */
  data: NetworkMember[];
  childTotal: number;
}

/** Children answered per node; a larger branch is reached through the search. */
export const NETWORK_CHILDREN_LIMIT = 500;

/** `POST /api/admin/networkSearch`: members by name, mobile or shop name. */
export interface NetworkSearchRequest {
  q: string;
}

export interface NetworkPathStep {
  id: string;
  name: string;
}

export interface NetworkSearchHit {
  member: NetworkMember;
  /**
   * From the top of the viewer's tree down to the member's parent (the distributor itself for a
   * distributor, a user without a parent for an admin); empty when the member is that top.
   */
  path: NetworkPathStep[];
}

export interface NetworkSearchAnswer extends Ok {
  data: NetworkSearchHit[];
}

export const NETWORK_SEARCH_LIMIT = 20;

/** `POST /api/admin/merchants`: retailers in the viewer's network, newest first. */
export interface MerchantsRequest extends PageRequest {
  /** Name, mobile, shop name or city. */
  q?: string;
}

export interface LastKnownLocation {
  /** 6 decimals, as the console stores a device location. */
  latitude: string;
  longitude: string;
  /** When the session that recorded it began, ISO. */
  at: string;
}

export interface MerchantRecord {
  id: string;
  name: string;
  mobile: string;
  role: string;
  status: 'active' | 'blocked';
  shopName: string | null;
  city: string | null;
  /** Where the merchant last signed in from; null when no sign-in sent a location. */
  location: LastKnownLocation | null;
  /** The merchant's KYC state; null until KYC exists in this build. */
  kycState: string | null;
  services: string[];
}

export interface MerchantsAnswer extends Ok {
  data: MerchantRecord[];
  total: number;
}

/** One ledger account of the company's own: a system account, its shards added up. */
export interface SystemAccountBalance {
  /** `system:fee_income`… */
  kind: string;
  balance: number;
}

/**
 * `POST /api/admin/companyAccount`: the company's own money. `total` is the main balance plus
 * the profit areas, which is exactly what `/admin/checkBalance` answers as `balance`; the
 * system accounts mirror money outside the wallets (funding, fees, money on its way to banks).
 */
export interface CompanyAccountAnswer extends Ok {
  mainBalance: number;
  profitArea: { commission: number };
  total: number;
  feeIncome: number;
  systemAccounts: SystemAccountBalance[];
}

export interface UsersByRole {
  role: string;
  active: number;
  blocked: number;
}

/** What waits on an admin; only admins see them. */
export interface DashboardQueues {
  /** KYC submissions waiting for a decision. */
  kycWaiting: number;
  /** AEPS accounts waiting for approval. */
  aepsAccountsPending: number;
  /** Payouts queued or processing with no change for STUCK_PAYOUT_MINUTES. */
  stuckPayouts: number;
  /** Fund requests an admin decides (direct users', distributor tiers') still pending (issue 13). */
  fundRequestsWaiting: number;
  /** Admin money waiting for a second admin's approval (issue 31, the Approvals queue). */
  approvalsWaiting: number;
}

/** A payout with no change for this long is stuck: the admin checks it with the rail. */
export const STUCK_PAYOUT_MINUTES = 15;

/** `POST /api/admin/dashboard`: the figures of the viewer's network (the whole one for admins). */
export interface AdminDashboardAnswer extends Ok {
  scope: 'everyone' | 'downline';
  usersByRole: UsersByRole[];
  /** Money in the wallets of the users in scope (posted, holds included). */
  walletFloat: number;
  /** Money moved out of those wallets today (India's day). */
  todayVolume: number;
  /** Payouts requested today (India's day), by status. */
  payoutsToday: { status: TransactionStatus; count: number; amount: number }[];
  queues: DashboardQueues | null;
  /**
   * Fund requests waiting on the caller (issue 13): for an admin those routed to admins (as in
   * `queues`), for a distributor tier those of its direct downline it approves.
   */
  fundRequestsWaiting?: number;
}

export const NetworkMessages = {
  searchTooShort: 'Type at least 2 characters to search.',
  searchTooLong: 'Search text must be at most 60 characters.',
} as const;

/** A node of the tree: a user id; anything else is a user that does not exist. */
export function checkNetworkRoot(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null || value === '') return pass(undefined);
  return isUuid(value) ? pass(value) : fail(Messages.userNotFound);
}

/** Search text: trimmed, 2 to 60 characters. */
export function checkNetworkSearch(value: unknown): Check<string> {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length < 2) return fail(NetworkMessages.searchTooShort);
  if (text.length > 60) return fail(NetworkMessages.searchTooLong);
  return pass(text);
}

/** Optional list filter text: trimmed, at most 60 characters, empty means none. */
export function checkListSearch(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null) return pass(undefined);
  if (typeof value !== 'string') return fail(NetworkMessages.searchTooLong);
  const text = value.trim();
  if (text.length > 60) return fail(NetworkMessages.searchTooLong);
  return pass(text === '' ? undefined : text);
}

/** One user of `POST /api/admin/mapPoints` (issue 14, Map Generator); coordinates may be null. */
export interface MapPointRecord {
  id: string;
  name: string;
  mobile: string;
  role: string;
  shopName: string | null;
  city: string | null;
  latitude: string | null;
  longitude: string | null;
  locatedAt: string | null;
}

/** `POST /api/admin/mapPoints`: body as `/admin/merchants` (`q?`, `page?`, `pageSize?`). */
export interface MapPointsAnswer extends Ok {
  data: MapPointRecord[];
  total: number;
}
