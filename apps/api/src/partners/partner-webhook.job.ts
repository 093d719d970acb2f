import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { Db } from '../database/unit-of-work.js';
import { defineJob, HandlesJob, type JobContext, type JobHandler } from '../jobs/job-definition.js';
import { PartnerWebhooksRepository } from './partner-webhooks.repository.js';
import { signPayload } from './request-signature.js';
import { WebhookAddressRefusedError, WebhookSender } from './webhook-sender.js';

export interface PartnerWebhookJobData {
  eventId: string;
}

/**
 * Delivers one event to a partner's webhook URL. The jobId is the event id, and the delivery
 * row's status is checked first, so an event already answered 2xx is never sent again. Any
 * other answer (or none in 10 s) is retried with exponential backoff: 1 s, 2 s, 4 s … about
 * 17 minutes over 10 attempts; then the row says `failed` and the partner can read the payout.
 * A URL that is, or resolves to, an internal address fails at once, with the reason in the
 * row: trying again would not help until the partner changes its URL or DNS (and redelivers).
 */
export const partnerWebhookJob = defineJob<PartnerWebhookJobData>({
  name: 'partner.webhook',
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
});

const TIMEOUT_MS = 10_000;

/**
 * When the job runs again after try `attempt` failed: BullMQ's exponential backoff waits
 * `delay × 2^(attempt − 1)`. Shown to the partner as the delivery's next retry.
 */
export function nextAttemptAfter(failedAt: Date, attempt: number): Date {
  const delay = partnerWebhookJob.backoff?.delay ?? 0;
  return new Date(failedAt.getTime() + delay * 2 ** (attempt - 1));
}

export class WebhookNotDeliveredError extends Error {
  override readonly name = 'WebhookNotDeliveredError';
}

@Injectable()
@HandlesJob(partnerWebhookJob)
export class PartnerWebhookHandler implements JobHandler<PartnerWebhookJobData> {
  constructor(
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sender: WebhookSender,
  ) {}

  async handle({ eventId }: PartnerWebhookJobData, context: JobContext): Promise<void> {
    const delivery = await this.webhooks.findDelivery(eventId);
    if (!delivery || delivery.status !== 'pending') return;
    const webhook = await this.webhooks.find(this.db, delivery.partnerId);
    if (!webhook?.url || !webhook.secret) {
      await this.fail(eventId, null, 'No webhook URL or secret.', context);
      return;
    }
    // Signed with the secret of the moment: a rotated secret signs every later attempt.
    const body = JSON.stringify(delivery.payload);
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await this.sender.post(
        webhook.url,
        {
          'content-type': 'application/json',
          'user-agent': 'Khata-Webhooks/1',
          'x-khata-event-id': eventId,
          'x-khata-timestamp': timestamp,
          'x-khata-signature': signPayload(webhook.secret, timestamp, body),
        },
        body,
        AbortSignal.timeout(TIMEOUT_MS),
      );
    } catch (caught) {
      if (caught instanceof WebhookAddressRefusedError) {
        await this.fail(eventId, null, caught.message, context, { final: true });
        return;
      }
      error = (caught as Error)?.message ?? String(caught);
    }
    if (status !== null && status >= 200 && status < 300) {
      await this.webhooks.recordAttempt(eventId, {
        status: 'delivered',
        httpStatus: status,
        error: null,
        at: this.clock.now(),
      });
      return;
    }
    await this.fail(eventId, status, error ?? `HTTP ${status}`, context);
  }

  private async fail(
    eventId: string,
    status: number | null,
    error: string,
    context: JobContext,
    { final = false } = {},
  ) {
    const last = final || context.attempt >= context.attempts;
    const at = this.clock.now();
    await this.webhooks.recordAttempt(eventId, {
      status: last ? 'failed' : 'pending',
      httpStatus: status,
      error: error.slice(0, 500),
      at,
      nextAttemptAt: last ? null : nextAttemptAfter(at, context.attempt),
    });
    if (!last) throw new WebhookNotDeliveredError(`Webhook ${eventId} not delivered: ${error}`);
  }
}
