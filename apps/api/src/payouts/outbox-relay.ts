import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EnqueuesJobs } from '../jobs/job-definition.js';
import { JobQueue } from '../jobs/job-queue.js';
import { RailOutboxRelay } from '../rail/rail-outbox-relay.js';
import { payoutJobId } from './payout.js';
import { PayoutsRepository } from './payouts.repository.js';
import { processPayoutJob } from './process-payout.job.js';

/**
 * The payouts' outbox relay: the rail framework's (rail/rail-outbox-relay.ts) over the payouts'
 * outbox table, enqueueing `payout.process` under the payout's job id.
 */
@Injectable()
@EnqueuesJobs(processPayoutJob)
export class OutboxRelay extends RailOutboxRelay {
  constructor(
    payouts: PayoutsRepository,
    jobs: JobQueue,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      noun: 'payout',
      name: 'PayoutOutbox',
      outbox: payouts.outbox,
      enqueue: async (payoutId) => {
        await jobs.enqueue(processPayoutJob, { payoutId }, { jobId: payoutJobId(payoutId) });
      },
      clock,
      intervalMs: config.payouts.relayIntervalMs,
    });
  }
}
