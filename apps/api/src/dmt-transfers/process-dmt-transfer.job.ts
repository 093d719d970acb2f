import { Injectable } from '@nestjs/common';
import { defineJob, HandlesJob, type JobContext, type JobHandler } from '../jobs/job-definition.js';
import { assertSettled } from '../rail/rail-job.js';
import { DmtTransferProcessor } from './dmt-transfer-processor.js';

export interface ProcessDmtTransferJobData {
  transferId: string;
}

/**
 * Takes one DMT transfer through the provider. Its jobId is the transfer's (`dmt-<id>`); the
 * transfer's state in Postgres decides what a run does, so a second run sends nothing twice.
 * While the provider has no final answer the job fails and is retried with growing delays;
 * after that the sweep keeps asking on the DMT schedule.
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
    const transfer = await this.processor.advance(transferId, {
      by: 'worker',
      jobId: context.jobId,
      attempt: context.attempt,
    });
    assertSettled('DMT transfer', transferId, transfer);
  }
}
