/**
 * The sandbox rail's documented rules: the last three digits of the account number decide
 * what happens, so tests and demos get every outcome on purpose. Any other ending is paid.
 *
 * | ending | verifyAccount | send | status afterwards |
 * |--------|---------------|------|-------------------|
 * | 000 | not found | failed: no account | failed |
 * | 001 | verified | failed: account closed | failed |
 * | 002 | verified | processed | reversed once RAIL_SANDBOX_RETURN_AFTER_MS (60 s) passed: a late return |
 * | 003 | verified | times out, but the rail took it | processed |
 * | 004 | verified | pending | pending for 2 status checks, then processed |
 * | 005 | verified | 5xx before the rail took it | not-found (safe to send again; the next send pays) |
 * | 006 | verified | times out, the rail took it | failed (refused by the beneficiary bank) |
 * | 007 | verified | rail down: every call 5xx | 5xx (stays unknown until an admin resolves it) |
 * | 008 | verified | times out; paid, then returned before anyone asked | reversed |
 *
 * A send never answers `reversed`: a return comes later, to a status check (or a webhook).
 * Every call takes RAIL_SANDBOX_LATENCY_MS (0 by default). Amounts play no part.
 */
export type SandboxBehaviour =
  | 'paid'
  | 'no-account'
  | 'closed'
  | 'late-return'
  | 'timeout-then-paid'
  | 'pending-then-paid'
  | 'error-before-accept'
  | 'timeout-then-failed'
  | 'rail-down'
  | 'timeout-then-returned';

const BY_ENDING: Record<string, SandboxBehaviour> = {
  '000': 'no-account',
  '001': 'closed',
  '002': 'late-return',
  '003': 'timeout-then-paid',
  '004': 'pending-then-paid',
  '005': 'error-before-accept',
  '006': 'timeout-then-failed',
  '007': 'rail-down',
  '008': 'timeout-then-returned',
};

export function sandboxBehaviour(accountNumber: string): SandboxBehaviour {
  return BY_ENDING[accountNumber.slice(-3)] ?? 'paid';
}

export const SANDBOX_MESSAGES = {
  noAccount: 'No account found with these details.',
  closed: 'Beneficiary account is closed.',
  returned: 'Returned by the beneficiary bank: account frozen.',
  refused: 'Refused by the beneficiary bank.',
} as const;

/** Status checks a `pending-then-paid` transfer answers `pending` before it is paid. */
export const SANDBOX_PENDING_CHECKS = 2;

const PAYEE_NAMES = [
  'Asha Verma',
  'Ravi Kumar',
  'Meena Iyer',
  'Suresh Patel',
  'Fatima Shaikh',
  'Arjun Reddy',
  'Kavita Nair',
  'Harpreet Singh',
  'Lakshmi Rao',
  'Imran Khan',
] as const;

/** The payee name the sandbox bank returns for an account: the same account, the same name. */
export function sandboxPayeeName(accountNumber: string): string {
  let hash = 0;
  for (const char of accountNumber) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PAYEE_NAMES[hash % PAYEE_NAMES.length]!;
}
