import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { payoutRecord } from '../payout-record.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { StuckPayoutsQuery, type StuckPayout } from './stuck-payouts.query.js';

@QueryHandler(StuckPayoutsQuery)
export class StuckPayoutsHandler implements IQueryHandler<StuckPayoutsQuery> {
  constructor(private readonly payouts: PayoutsRepository) {}

  async execute(query: StuckPayoutsQuery): Promise<StuckPayout[]> {
    const stuck = await this.payouts.stuck({ olderThan: query.olderThan, limit: query.limit });
    return stuck.map((payout) => ({
      record: payoutRecord(payout, null),
      userId: payout.userId,
      sends: payout.sends,
      statusChecks: payout.statusChecks,
      lastCheckedAt: payout.lastCheckedAt?.toISOString() ?? null,
      nextCheckAt: payout.nextCheckAt?.toISOString() ?? null,
    }));
  }
}
