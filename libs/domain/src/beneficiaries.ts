/** Rules for lists of saved beneficiaries (spec §3 and §5). */

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
