import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { defineJob, EnqueuesJobs, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { JobQueue } from '../jobs/job-queue.js';
import { PartnerWebhooksRepository } from './partner-webhooks.repository.js';
import { partnerWebhookJob } from './partner-webhook.job.js';

/**
 * Events recorded but never queued (Redis down between the two) are queued again, once a
 * minute. Enqueueing an event whose job still waits for its next try does nothing (same
 * jobId), and the delivery job reads the row first, so nothing is sent twice.
 */
export const webhookSweepJob = defineJob<Record<string, never>>({
  name: 'partner.webhook-sweep',
  attempts: 1,
  everyMs: 60_000,
});

/** Pending this long without an attempt: its job may be lost. */
const QUIET_MS = 2 * 60_000;
const BATCH = 200;

@Injectable()
@HandlesJob(webhookSweepJob)
@EnqueuesJobs(partnerWebhookJob)
export class WebhookSweepHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('PartnerWebhooks');

  constructor(
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async handle(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - QUIET_MS);
    const quiet = await this.webhooks.quietPending(before, BATCH);
    for (const { eventId, jobId } of quiet) {
      await this.jobs.enqueue(partnerWebhookJob, { eventId }, { jobId });
    }
    if (quiet.length) this.logger.log(`Queued ${quiet.length} quiet webhook event(s) again.`);
  }
}
