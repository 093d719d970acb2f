import { Inject, Injectable } from '@nestjs/common';
import {
  formatPaise,
  indiaDay,
  isPgGateway,
  PG_GATEWAY_INFO,
  PG_METHOD_LABELS,
  type PgGateway,
  type PgMethod,
  type PgPaymentEvent,
} from '@khata/domain';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Db } from '../database/unit-of-work.js';
import { EnqueuesJobs } from '../jobs/job-definition.js';
import { JobQueue } from '../jobs/job-queue.js';
import { hmacHex, PgGateways } from './pg-gateway.js';
import { type SandboxOrder, SandboxPgBook, sandboxId } from './sandbox-pg-book.repository.js';
import {
  SANDBOX_PG_PATH,
  sandboxGatewayFee,
  SandboxPgGateway,
  sandboxScenario,
} from './sandbox-pg-gateway.js';
import { type SandboxPgWebhookData, sandboxPgWebhookJob } from './sandbox-pg-webhook.job.js';
import { SandboxPgMessages } from './pg-messages.js';

export type SandboxAction = 'pay' | 'fail' | 'pending';

/** How much later than the first the late deliveries come (a late authorisation's capture). */
const LATE_MS = 5_000;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox gateway's own side (issue 28, docs/pg-sandbox.md): its hosted page with Pay /
 * Fail / Leave pending, what each does on its book, the signed redirect back to the console,
 * the webhooks it queues (sandbox-pg-webhook.job.ts) and its settlement file.
 */
@Injectable()
@EnqueuesJobs(sandboxPgWebhookJob)
export class SandboxPgDesk {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateways: PgGateways,
    private readonly book: SandboxPgBook,
    private readonly jobs: JobQueue,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private sandbox(gateway: string): SandboxPgGateway {
    const adapter = isPgGateway(gateway) ? this.gateways.get(gateway) : undefined;
    if (!(adapter instanceof SandboxPgGateway)) {
      throw new AppError(ErrorKind.NotFound, SandboxPgMessages.noGateway);
    }
    return adapter;
  }

  private async order(gateway: string, id: string): Promise<SandboxOrder> {
    this.sandbox(gateway);
    const order = await this.book.order(gateway as PgGateway, id);
    if (!order) throw new AppError(ErrorKind.NotFound, SandboxPgMessages.noOrder);
    return order;
  }

  /** The hosted page: the amount, a method, and the three buttons. */
  async page(gateway: string, id: string): Promise<string> {
    const order = await this.order(gateway, id);
    const info = PG_GATEWAY_INFO[order.gateway];
    const base = `${SANDBOX_PG_PATH}/${order.gateway}/checkout/${order.id}`;
    const methods = info.methods
      .map(
        (m, i) =>
          `<label><input type="radio" name="method" value="${m}"${i === 0 ? ' checked' : ''}> ${PG_METHOD_LABELS[m]}</label>`,
      )
      .join(' ');
    const done = order.status === 'paid';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.label)} sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.card{border:1px solid #ddd;border-radius:12px;padding:1.25rem}h1{font-size:1.2rem}
.amount{font-size:2rem;font-weight:600;margin:.5rem 0}button{font-size:1rem;padding:.6rem 1rem;margin:.25rem .25rem 0 0;border-radius:8px;border:1px solid #888;cursor:pointer}
button.pay{background:#1677ff;color:#fff;border-color:#1677ff}.note{color:#666;font-size:.85rem}</style></head>
<body><div class="card"><h1>${escape(info.label)} — sandbox checkout</h1>
<p class="note">A test page: no real money moves. Receipt ${escape(order.receipt)}</p>
<div class="amount">${formatPaise(order.amount)}</div>
${
  done
    ? '<p>This order is already paid.</p>'
    : `<form method="post" action="${base}/pay">${methods}<br>
<button class="pay" type="submit">Pay</button>
<button type="submit" formaction="${base}/fail">Fail</button>
<button type="submit" formaction="${base}/pending">Leave pending</button></form>`
}
<p class="note">Test amounts: ₹201 and ₹402 fail, ₹303 authorises late, ₹505 sends no webhook, ₹606 sends each webhook twice, ₹707 is authorised and never captured.</p>
</div></body></html>`;
  }

  /**
   * A button pressed: the sandbox's payment as the test amount or the button decides, its
   * webhooks queued, and where the browser goes next (the console, with the signed answer).
   */
  async act(
    gateway: string,
    id: string,
    action: SandboxAction,
    methodInput: unknown,
  ): Promise<{ redirect: string } | { html: string }> {
    const adapter = this.sandbox(gateway);
    const order = await this.order(gateway, id);
    if (order.status === 'paid') return { redirect: order.returnPath };
    const info = PG_GATEWAY_INFO[order.gateway];
    const method: PgMethod = info.methods.includes(methodInput as PgMethod)
      ? (methodInput as PgMethod)
      : info.methods[0]!;
    const scenario = sandboxScenario(order.amount);
    const delay = this.config.pg.sandboxWebhookDelayMs;
    const back = (paymentId: string, signed: boolean, error?: string) => {
      const params = new URLSearchParams({ payment_id: paymentId, order_id: order.id });
      if (signed) params.set('signature', hmacHex(adapter.secrets.key, `${order.id}|${paymentId}`));
      if (error) params.set('error', error);
      return { redirect: `${order.returnPath}&${params.toString()}` };
    };
    const tell = async (
      paymentId: string,
      events: { event: PgPaymentEvent; at: number; capture?: boolean }[],
      error: string | null = null,
    ) => {
      const copies = scenario === 'twiceDelivered' ? 2 : 1;
      for (const { event, at, capture } of events) {
        const eventId = sandboxId('evt');
        const data: SandboxPgWebhookData = {
          gateway: order.gateway,
          eventId,
          event,
          gatewayOrderId: order.id,
          paymentId,
          method,
          amount: order.amount,
          error,
          ...(capture && { capture }),
        };
        for (let copy = 0; copy < copies; copy++) {
          await this.jobs.enqueue(sandboxPgWebhookJob, data, {
            jobId: `pgwh-${eventId}-${copy}`,
            delayMs: at + copy * 300,
          });
        }
      }
    };

    const failure =
      scenario === 'insufficientFunds'
        ? 'insufficient_funds'
        : scenario === 'declined'
          ? 'payment_declined'
          : action === 'fail'
            ? 'payment_failed'
            : undefined;
    if (failure) {
      const paymentId = await this.book.addPayment(this.db, order.id, method, 'failed', failure);
      await tell(paymentId, [{ event: 'payment.failed', at: delay }], failure);
      return back(paymentId, false, failure);
    }
    if (scenario === 'lateAuthorisation') {
      const paymentId = await this.book.addPayment(
        this.db,
        order.id,
        method,
        'failed',
        'bank_timeout',
      );
      await tell(
        paymentId,
        [
          { event: 'payment.failed', at: delay },
          { event: 'payment.authorized', at: delay + LATE_MS },
          { event: 'payment.captured', at: delay + LATE_MS + 200, capture: true },
        ],
        'bank_timeout',
      );
      return back(paymentId, false, 'bank_timeout');
    }
    if (action === 'pending') {
      // The customer walked away: a payment begun and never finished; no webhook, no return.
      await this.book.addPayment(this.db, order.id, method, 'created');
      return {
        html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Left pending</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto"><h1>Payment left pending</h1>
<p>Nothing was paid. You may close this page; the order stays open until the gateway says otherwise.</p>
<p><a href="${escape(order.returnPath)}">Back to Khata</a></p></body></html>`,
      };
    }
    if (scenario === 'authorisedOnly') {
      const paymentId = await this.book.addPayment(this.db, order.id, method, 'authorized');
      await tell(paymentId, [{ event: 'payment.authorized', at: delay }]);
      return back(paymentId, true);
    }
    const paymentId = await this.book.addPayment(this.db, order.id, method, 'captured');
    if (scenario !== 'noWebhook') {
      await tell(paymentId, [
        { event: 'payment.authorized', at: delay },
        { event: 'payment.captured', at: delay + 100 },
        { event: 'order.paid', at: delay + 200 },
      ]);
    }
    return back(paymentId, true);
  }

  /**
   * The settlement file (T+2 in life; at once here): every captured payment of the gateway not
   * yet settled, with the gateway's fee and tax and the net it pays, under one settlement id
   * and UTR. The same CSV an admin imports (docs/pg-sandbox.md).
   */
  async settlementFile(gateway: string): Promise<{ name: string; csv: string; rows: number }> {
    this.sandbox(gateway);
    const rows = await this.book.unsettled(gateway as PgGateway);
    const id = sandboxId('setl');
    const utr = `SBX${Date.now().toString().slice(-9)}`;
    const day = indiaDay(this.clock.now());
    const lines = [
      'settlement_id,utr,settled_on,order_id,receipt,payment_id,method,amount,fee,tax,net',
    ];
    for (const row of rows) {
      const { fee, tax } = sandboxGatewayFee(row.amount, row.method);
      const net = row.amount - fee - tax;
      lines.push(
        [
          id,
          utr,
          day,
          row.orderId,
          row.receipt,
          row.paymentId,
          row.method,
          rupees(row.amount),
          rupees(fee),
          rupees(tax),
          rupees(net),
        ].join(','),
      );
    }
    await this.book.markSettled(
      rows.map((row) => row.paymentId),
      id,
    );
    return {
      name: `${gateway}-settlement-${day}-${id}.csv`,
      csv: `${lines.join('\n')}\n`,
      rows: rows.length,
    };
  }
}

function rupees(paise: number): string {
  return (paise / 100).toFixed(2);
}
