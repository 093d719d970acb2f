import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TransactionRecord } from '../../transactions/transaction-record.js';
import { payoutRecord } from '../payout-record.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { LastPayoutsQuery } from './last-payouts.query.js';

@QueryHandler(LastPayoutsQuery)
export class LastPayoutsHandler implements IQueryHandler<LastPayoutsQuery> {
  constructor(private readonly payouts: PayoutsRepository) {}

  async execute(query: LastPayoutsQuery): Promise<TransactionRecord[]> {
    const payouts = await this.payouts.lastTo(
      query.userId,
      query.accountNumber,
      query.ifsc,
      query.limit,
    );
    return Promise.all(
      payouts.map(async (payout) => payoutRecord(payout, await this.payouts.balanceAfter(payout))),
    );
  }
}
