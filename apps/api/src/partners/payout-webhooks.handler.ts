import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { PARTNER_PAYOUT_KIND, type PartnerWebhookEvent } from '@khata/domain';
import { Clock } from '../common/clock.js';
import { EnqueuesJobs } from '../jobs/job-definition.js';
import { JobQueue } from '../jobs/job-queue.js';
import { TransactionsProjectedEvent } from '../transactions/transactions-projected.event.js';
import { PartnerWebhooksRepository } from './partner-webhooks.repository.js';
import { partnerWebhookJob } from './partner-webhook.job.js';

/**
 * Each status a partner's payout reaches becomes one webhook event (`evt-<payout>-<status>`):
 * recorded once in webhook_deliveries, however often the projection reports it, then queued
 * with the event id as its jobId.
 */
@EventsHandler(TransactionsProjectedEvent)
@EnqueuesJobs(partnerWebhookJob)
export class PayoutWebhooksHandler implements IEventHandler<TransactionsProjectedEvent> {
  private readonly logger = new Logger('PartnerWebhooks');

  constructor(
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async handle({ records }: TransactionsProjectedEvent): Promise<void> {
    const payouts = records.filter(({ record }) => record.type === PARTNER_PAYOUT_KIND);
    if (!payouts.length) return;
    const partners = await this.webhooks.withUrl([...new Set(payouts.map((p) => p.userId))]);
    for (const { userId, record } of payouts) {
      if (!partners.has(userId)) continue;
      const event: PartnerWebhookEvent = {
        id: `evt-${record._id}-${record.status}`,
        type: 'payout.updated',
        createdAt: this.clock.now().toISOString(),
        data: record,
      };
      const added = await this.webhooks.addDelivery({
        eventId: event.id,
        partnerId: userId,
        payoutId: record._id,
        eventType: event.type,
        payload: event,
      });
      if (!added) continue;
      await this.jobs
        .enqueue(partnerWebhookJob, { eventId: event.id }, { jobId: event.id })
        .catch((error: Error) =>
          this.logger.error(`Webhook ${event.id} recorded but not queued: ${error.message}`),
        );
    }
  }
}
