import { Query } from '@nestjs/cqrs';
import type { TransactionRecord } from '../../transactions/transaction-record.js';

export interface StuckPayout {
  record: TransactionRecord;
  userId: string;
  sends: number;
  statusChecks: number;
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
}

/** Admin: payouts still queued or processing with no change since `olderThan`. */
export class StuckPayoutsQuery extends Query<StuckPayout[]> {
  constructor(
    readonly olderThan: Date,
    readonly limit: number,
  ) {
    super();
  }
}
