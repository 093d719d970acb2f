import { Global, Module } from '@nestjs/common';
import { Ledger, LedgerReads } from '@khata/ledger';
import { Db } from '../database/unit-of-work.js';
import { BATCHED_LEDGER } from './batched-ledger.js';
import { ExpiredHolds } from './expired-holds.repository.js';
import { ExpireHoldsHandler } from './expire-holds.job.js';
import { SignLedgerHeadHandler } from './sign-head.job.js';
import { UserAccountIds } from './user-account-ids.js';

/**
 * The ledger on the application's pool: `Ledger`, the one way features move money, and
 * `LedgerReads`, the one way they read balances and holds (through the ledger's views).
 * Inside a caller's transaction use `ledger.within(tx)` / `new LedgerReads(tx)`.
 * `BATCHED_LEDGER` is the same `Ledger` with group commit on: it batches appends that stand
 * alone (no other write must commit with them) into shared transactions, for jobs that append
 * many events at once (docs/architecture.md, "Group commit"). One append API either way.
 */
@Global()
@Module({
  providers: [
    { provide: Ledger, inject: [Db], useFactory: (db: Db) => new Ledger(db) },
    {
      provide: BATCHED_LEDGER,
      inject: [Db],
      // Its callers are background jobs: two batches in flight leave the pool (20) to requests.
      useFactory: (db: Db) => new Ledger(db, { groupCommit: { concurrency: 2 } }),
    },
    { provide: LedgerReads, inject: [Db], useFactory: (db: Db) => new LedgerReads(db) },
    ExpiredHolds,
    ExpireHoldsHandler,
    SignLedgerHeadHandler,
    UserAccountIds,
  ],
  exports: [Ledger, BATCHED_LEDGER, LedgerReads, UserAccountIds],
})
export class LedgerModule {}
