/** Rules for lists of saved beneficiaries (spec §3 and §5). */
import { type Check, fail, pass } from './check.js';

export type BeneficiaryStatus = 'verified' | 'pending';

/** The fields the rules read; the API's beneficiary records carry more. */
export type SearchableBeneficiary = { name: string; accountNumber: string };
export type AepsAccount = { activationStatus?: string | null };

export const APPROVED_ACTIVATION_STATUS = 'approved';

/** Search matches the name or the account number, case-insensitively; blank shows all. */
export function searchBeneficiaries<T extends SearchableBeneficiary>(
  beneficiaries: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...beneficiaries];
  return beneficiaries.filter(
    (b) => b.name.toLowerCase().includes(needle) || b.accountNumber.toLowerCase().includes(needle),
  );
}

/** Only approved AEPS accounts are listed for settlement. */
export function approvedAepsAccounts<T extends AepsAccount>(accounts: readonly T[]): T[] {
  return accounts.filter((a) => a.activationStatus === APPROVED_ACTIVATION_STATUS);
}

/**
 * An account counts as verified only when the bank returns a payee name; the verify call
 * answers it as result.name or result.data.payee.name.
 */
export function verifiedPayeeName(result: unknown): string | undefined {
  const direct = field(result, 'name');
  const nested = field(field(field(result, 'data'), 'payee'), 'name');
  for (const candidate of [direct, nested]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return undefined;
}

export function beneficiaryStatus(payeeName: string | undefined): BeneficiaryStatus {
  return payeeName === undefined ? 'pending' : 'verified';
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * Issue 23: the AEPS accounts that hold one of the owner's places (`MAX_AEPS_ACCOUNTS`): pending
 * and approved ones. A rejected account holds none; it stays listed, with its reason, until the
 * owner deletes it.
 */
export function holdsAepsPlace(account: AepsAccount): boolean {
  return account.activationStatus !== 'rejected';
}

export function aepsPlacesTaken(accounts: readonly AepsAccount[]): number {
  return accounts.filter(holdsAepsPlace).length;
}

/** The longest reason (or remark) kept with an AEPS account decision. */
export const AEPS_REASON_MAX = 200;

export const AepsDecisionMessages = {
  reasonRequired: 'Please give the reason for rejecting this AEPS account.',
  reasonTooLong: `The reason can be at most ${AEPS_REASON_MAX} characters.`,
  reasonType: 'The reason must be text.',
} as const;

/** A rejection needs its reason (the retailer reads it); an approval may carry a remark. */
export function checkAepsDecisionReason(
  action: 'approve' | 'reject',
  input: unknown,
): Check<string | null> {
  if (input !== undefined && input !== null && typeof input !== 'string') {
    return fail(AepsDecisionMessages.reasonType);
  }
  const reason = (input ?? '').trim();
  if (reason.length > AEPS_REASON_MAX) return fail(AepsDecisionMessages.reasonTooLong);
  if (action === 'reject' && reason === '') return fail(AepsDecisionMessages.reasonRequired);
  return pass(reason === '' ? null : reason);
}

/** Courtesy titles a bank or a form may put before a name; they decide nothing. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'shri', 'sri', 'smt', 'kumari', 'km']);

/** A name's words in lower case, without punctuation or titles, in order. */
function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !TITLES.has(word));
}

/**
 * Does this account holder's name differ from the retailer's? The same words in any order
 * match ("VERMA ASHA" is "Asha Verma"), and so does an initial for a word ("A. Verma"); a word
 * more or less, or another word, is flagged for the approving admin to look at (a flag, never a
 * refusal by itself).
 */
export function holderNameDiffers(ownerName: string, holderName: string): boolean {
  const owner = nameWords(ownerName);
  const left = nameWords(holderName);
  if (owner.length === 0 || owner.length !== left.length) return true;
  // Whole words first, then initials against what is left.
  const initials: string[] = [];
  for (const word of owner) {
    const at = left.indexOf(word);
    if (at >= 0) left.splice(at, 1);
    else initials.push(word);
  }
  for (const word of initials) {
    const at = left.findIndex(
      (other) => (word.length === 1 || other.length === 1) && other[0] === word[0],
    );
    if (at < 0) return true;
    left.splice(at, 1);
  }
  return false;
}
