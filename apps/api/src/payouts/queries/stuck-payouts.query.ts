import { Query } from '@nestjs/cqrs';
import type { StuckPayout } from '@khata/domain';

export type { StuckPayout } from '@khata/domain';

/** Admin: payouts still queued or processing with no change since `olderThan`. */
export class StuckPayoutsQuery extends Query<StuckPayout[]> {
  constructor(
    readonly olderThan: Date,
    readonly limit: number,
  ) {
    super();
  }
}
