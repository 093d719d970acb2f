/**
 * Every kind of ledger account, named once: the accounts a user holds and the system accounts
 * the ledger opens itself (sharded, sql/01-accounts.sql). The API's DTO checks, its balances
 * and account opening all read these lists.
 */

/** Accounts every user holds. */
export const EVERY_USER_ACCOUNT_KINDS = ['wallet', 'lien', 'security', 'aeps'] as const;

/**
 * Every user also holds the commission account ("profit area"): admin-type roles always did,
 * and since issue 13 distributors and super distributors earn their commission into it.
 */
export const USER_ACCOUNT_KINDS = [...EVERY_USER_ACCOUNT_KINDS, 'commission'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

export const SYSTEM_ACCOUNT_KINDS = [
  'system:funding',
  'system:fee_income',
  'system:payout_clearing',
  'system:bank_settlement',
  'system:pg_clearing',
  'system:tds_payable',
  'system:gst_payable',
  // Issue 14: the compensation Khata pays for a late return (₹100 a day after T + 1).
  'system:compensation',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export const ACCOUNT_KINDS = [...USER_ACCOUNT_KINDS, ...SYSTEM_ACCOUNT_KINDS] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export function isUserAccountKind(value: unknown): value is UserAccountKind {
  return (USER_ACCOUNT_KINDS as readonly unknown[]).includes(value);
}
