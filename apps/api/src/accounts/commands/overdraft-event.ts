import { ledgerStream } from '@khata/ledger';
import type { Paise } from '@khata/domain';
import type { LedgerEvent } from '@khata/ledger';

/**
 * An overdraft limit set (or ended, at 0) on a wallet: an event that moves nothing and sets
 * the limit through `ledger_append` (its `limits` op), on the wallet's `overdraft:<account>`
 * stream. The ledger refuses a limit below what the wallet already owes.
 */
export function overdraftEvent(
  userId: string,
  walletAccountId: string,
  limit: Paise,
  reason: string,
): LedgerEvent {
  return {
    type: limit > 0 ? 'overdraft.set' : 'overdraft.ended',
    stream: ledgerStream('overdraft', walletAccountId),
    legs: [],
    limits: [{ accountId: walletAccountId, overdraftLimit: limit }],
    data: { userId, overdraftLimit: limit, reason },
  };
}
