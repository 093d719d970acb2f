import { Injectable, Logger } from '@nestjs/common';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { ReadModelProjection } from './read-model-projection.repository.js';
import { TransactionsProjector } from './transactions-projector.js';

/**
 * Projects ledger events whose after-commit publish was lost (a process died between commit
 * and projection). Projection is idempotent, so racing the live path is harmless.
 */
export const catchUpJob = defineJob<Record<string, never>>({
  name: 'transactions.catch-up',
  attempts: 1,
  everyMs: 10_000,
});

const BATCH = 500;
/** An event older than this cannot be overtaken by a transaction still in flight. */
const SETTLED_MS = 60_000;

@Injectable()
@HandlesJob(catchUpJob)
export class CatchUpHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('TransactionsCatchUp');
  /** Every event up to here is projected; the scan starts after it. */
  private settled = '0';

  constructor(
    private readonly projection: ReadModelProjection,
    private readonly projector: TransactionsProjector,
  ) {}

  async handle(): Promise<void> {
    const missed = await this.projection.unprojected(this.settled, BATCH);
    for (const seq of missed) await this.projector.project([seq]);
    if (missed.length) this.logger.log(`Projected ${missed.length} missed ledger events.`);
    this.settled = await this.projection.settledThrough(this.settled, SETTLED_MS);
  }
}
