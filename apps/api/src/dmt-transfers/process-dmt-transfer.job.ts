import { Injectable } from '@nestjs/common';
import { defineJob, HandlesJob, type JobContext, type JobHandler } from '../jobs/job-definition.js';
import { DmtTransferProcessor } from './dmt-transfer-processor.js';

export interface ProcessDmtTransferJobData {
  transferId: string;
}

/**
 * Takes one DMT transfer through the provider. Its jobId is the transfer's (`dmt-<id>`); the
 * transfer's state in Postgres decides what a run does, so a second run sends nothing twice.
 * A run that leaves the transfer pending ends the job: the provider's rule is a first status
 * enquiry 15 minutes after the send, then spaced out, which is the sweep's schedule
 * (`next_check_at`, rail-machine's `recheckAt`), never the queue's quick retries. The job is
 * retried only when its run failed (the database or Redis away).
 */
export const processDmtTransferJob = defineJob<ProcessDmtTransferJobData>({
  name: 'dmt-transfer.process',
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
});

@Injectable()
@HandlesJob(processDmtTransferJob)
export class ProcessDmtTransferHandler implements JobHandler<ProcessDmtTransferJobData> {
  constructor(private readonly processor: DmtTransferProcessor) {}

  async handle({ transferId }: ProcessDmtTransferJobData, context: JobContext): Promise<void> {
    await this.processor.advance(transferId, {
      by: 'worker',
      jobId: context.jobId,
      attempt: context.attempt,
    });
  }
}
