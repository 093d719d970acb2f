import type { RoleKind } from '@khata/domain';
import type { BalanceSnapshot } from '../accounts/accounts.repository.js';
import type { TransactionRecord } from './transaction-record.js';

/** A user's balances as the projection that moved them saw them at commit, with the user's role. */
export interface KnownBalance {
  kind: RoleKind;
  balances: BalanceSnapshot;
}

/**
 * The transaction read model took new ledger events: these records changed, and these users'
 * balances moved. The socket gateway turns it into `transaction.updated` and `balance.updated`.
 * `known` carries the balances a projected append (issue 15) already returned: the gateway
 * sends them as they are instead of reading them again.
 */
export class TransactionsProjectedEvent {
  constructor(
    readonly records: readonly { userId: string; record: TransactionRecord }[],
    readonly balanceOwners: readonly string[],
    readonly known: ReadonlyMap<string, KnownBalance> = new Map(),
  ) {}
}
