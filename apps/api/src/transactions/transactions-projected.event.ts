import type { TransactionRecord } from './transaction-record.js';

/**
 * The transaction read model took new ledger events: these records changed, and these users'
 * balances moved. The socket gateway turns it into `transaction.updated` and `balance.updated`.
 */
export class TransactionsProjectedEvent {
  constructor(
    readonly records: readonly { userId: string; record: TransactionRecord }[],
    readonly balanceOwners: readonly string[],
  ) {}
}
