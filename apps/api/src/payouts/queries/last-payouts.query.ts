import { Query } from '@nestjs/cqrs';
import type { TransactionRecord } from '../../transactions/transaction-record.js';

/** spec §7 `/user/checkLastTransaction`: the caller's latest payouts to one account and IFSC. */
export class LastPayoutsQuery extends Query<TransactionRecord[]> {
  constructor(
    readonly userId: string,
    readonly accountNumber: string,
    readonly ifsc: string,
    readonly limit: number,
  ) {
    super();
  }
}
