/**
 * Published on the EventBus after the transaction that appended these ledger events
 * committed (never inside it). The transaction read model projects them, then tells the
 * socket gateway. A publish lost to a crash is caught up by the projection sweep.
 */
export class LedgerAppendedEvent {
  constructor(readonly seqs: readonly string[]) {}
}
