import { Injectable } from '@nestjs/common';
import { defineJob, HandlesJob, type JobContext, type JobHandler } from '../jobs/job-definition.js';
import { assertSettled, RailNotSettledError } from '../rail/rail-job.js';
import { PayoutProcessor } from './payout-processor.js';

export interface ProcessPayoutJobData {
  payoutId: string;
}

/**
 * Takes one payout through the rail. Its jobId is the payout's (`payout-<id>`), so a second
 * enqueue while the first job is kept does nothing; and whatever runs, the payout's state in
 * Postgres decides what happens, so a second run sends nothing twice. While the rail has no
 * final answer the job fails and BullMQ asks again with growing delays (1 s, 2 s, 4 s … about
 * 34 minutes in all); after that the sweep keeps asking and admins see the payout as stuck.
 */
export const processPayoutJob = defineJob<ProcessPayoutJobData>({
  name: 'payout.process',
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
});

/** The rail has not settled the payout yet; the job is retried later. */
export const PayoutNotSettledError = RailNotSettledError;

@Injectable()
@HandlesJob(processPayoutJob)
export class ProcessPayoutHandler implements JobHandler<ProcessPayoutJobData> {
  constructor(private readonly processor: PayoutProcessor) {}

  async handle({ payoutId }: ProcessPayoutJobData, context: JobContext): Promise<void> {
    const payout = await this.processor.advance(payoutId, {
      by: 'worker',
      jobId: context.jobId,
      attempt: context.attempt,
    });
    assertSettled('payout', payoutId, payout);
  }
}
