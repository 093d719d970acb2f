import { Query } from '@nestjs/cqrs';
import type { MonthlyStats } from '@khata/domain';

/** A month's figures and reconciliation (the screen, and its CSV), read in one snapshot. */
export class GetMonthlyStatsQuery extends Query<MonthlyStats> {
  constructor(readonly month: string) {
    super();
  }
}
