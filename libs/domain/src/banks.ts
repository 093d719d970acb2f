import { normalizeIfsc } from './bank-account.js';
import { type BankListEntry, INDIAN_BANKS } from './banks.data.js';

export type { BankListEntry } from './banks.data.js';

/** A bank list item as `/user/getBankList` answers it (spec §3: bankId, name, ifscGlobal). */
export type BankListItem = Pick<BankListEntry, 'bankId' | 'name' | 'ifscGlobal' | 'ifscPrefix'>;

/** Every bank the beneficiary form offers, by name. */
export function bankList(): BankListItem[] {
  return [...INDIAN_BANKS]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
    .map(({ bankId, name, ifscGlobal, ifscPrefix }) => ({ bankId, name, ifscGlobal, ifscPrefix }));
}

/** The bank whose IFSC prefix starts this IFSC ("sbin0001234" → State Bank of India), if listed. */
export function bankOfIfsc(ifsc: string): BankListItem | undefined {
  const prefix = normalizeIfsc(ifsc).slice(0, 4);
  return INDIAN_BANKS.find((bank) => bank.ifscPrefix === prefix);
}

/** The IFSC the form fills in when a bank is picked (spec §5: "The IFSC auto-fills"). */
export function ifscForBank(bankId: number): string | undefined {
  return INDIAN_BANKS.find((bank) => bank.bankId === bankId)?.ifscGlobal;
}
