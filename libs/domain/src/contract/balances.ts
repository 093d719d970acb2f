import type { Ok } from './common.js';

/**
 * Issue 13: liens, security deposits, overdraft limits and admin debits (docs/api.md,
 * "Issue 13: lien, security deposit, overdraft, admin debit"). Amounts are rupees.
 */
export type HoldingKind = 'lien' | 'security';
export type HoldingStatus = 'placed' | 'released';

/** A lien or a security deposit on a user's wallet. */
export interface Holding {
  id: string;
  userId: string;
  kind: HoldingKind;
  amount: number;
  status: HoldingStatus;
  reason: string;
  placedBy: string;
  placedAt: string;
  releaseReason: string | null;
  releasedAt: string | null;
}

/** `POST /admin/lien`, `/admin/lien/release`, `/admin/securityDeposit`, `/admin/securityDeposit/release`. */
export interface HoldingAnswer extends Ok {
  message: string;
  data: Holding;
}

/** `POST /admin/holdings`: a user's liens and deposits, newest first. */
export interface HoldingsAnswer extends Ok {
  data: Holding[];
}

/** A wallet with an overdraft limit (rupees): `available` is what it may spend now. */
export interface OverdraftEntry {
  userId: string;
  name: string;
  mobile: string;
  role: string;
  /** Posted less pending: negative while the overdraft is in use. */
  wallet: number;
  overdraftLimit: number;
  available: number;
}

/** `POST /admin/overdrafts`: every wallet the admin sees that has a limit. */
export interface OverdraftsAnswer extends Ok {
  data: OverdraftEntry[];
}

/** `POST /admin/overdraft`: the limit set (0: ended). */
export interface OverdraftAnswer extends Ok {
  message: string;
  data: { userId: string; overdraftLimit: number };
}
