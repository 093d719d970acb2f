import { Injectable } from '@nestjs/common';
import { isPgGateway, type PgGateway, type PgPaymentEvent } from '@khata/domain';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { hmacHex } from './pg-gateway.js';
import { PgGateways } from './pg-gateway.js';
import { PgLoads } from './pg-loads.js';
import { SandboxPgBook } from './sandbox-pg-book.repository.js';
import { SandboxPgGateway } from './sandbox-pg-gateway.js';

export interface SandboxPgWebhookData {
  gateway: PgGateway;
  eventId: string;
  event: PgPaymentEvent;
  gatewayOrderId: string;
  paymentId: string;
  method: string;
  amount: number;
  error: string | null;
  /** A late authorisation: the sandbox captures this payment on its book before telling. */
  capture?: boolean;
}

/**
 * The sandbox gateway's webhook delivery (issue 28): a BullMQ job per delivery, delayed (the
 * browser's return usually comes first), retried with backoff while our receiver refuses, some
 * delivered twice (separate jobs, one event id), some late. The body is Razorpay's shape,
 * signed over its raw bytes with the gateway's webhook secret, and handed to the same receiver
 * the HTTP route calls (docs/decisions.md "Issue 28": in-process, so a worker needs no URL of
 * the API).
 */
export const sandboxPgWebhookJob = defineJob<SandboxPgWebhookData>({
  name: 'pg.sandbox-webhook',
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
});

export function sandboxWebhookBody(data: SandboxPgWebhookData): string {
  return JSON.stringify({
    entity: 'event',
    id: data.eventId,
    event: data.event,
    created_at: Math.floor(Date.now() / 1000),
    payload: {
      payment: {
        entity: {
          id: data.paymentId,
          order_id: data.gatewayOrderId,
          amount: data.amount,
          currency: 'INR',
          method: data.method,
          status:
            data.event === 'payment.failed'
              ? 'failed'
              : data.event === 'payment.authorized'
                ? 'authorized'
                : 'captured',
          ...(data.error && { error_description: data.error }),
        },
      },
    },
  });
}

@Injectable()
@HandlesJob(sandboxPgWebhookJob)
export class SandboxPgWebhookHandler implements JobHandler<SandboxPgWebhookData> {
  constructor(
    private readonly gateways: PgGateways,
    private readonly book: SandboxPgBook,
    private readonly loads: PgLoads,
  ) {}

  async handle(data: SandboxPgWebhookData): Promise<void> {
    if (!isPgGateway(data.gateway)) return;
    const adapter = this.gateways.get(data.gateway);
    // The gateway was switched off since: nothing to tell.
    if (!(adapter instanceof SandboxPgGateway)) return;
    if (data.capture) await this.book.setPayment(data.paymentId, 'captured');
    const body = sandboxWebhookBody(data);
    await this.loads.receiveWebhook(
      data.gateway,
      Buffer.from(body),
      hmacHex(adapter.secrets.webhook, body),
    );
  }
}
