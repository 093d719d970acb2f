import { Injectable } from '@nestjs/common';
import {
  DEFAULT_SCHEMES,
  type Paise,
  pgCharge,
  type PgGateway,
  type PgMethod,
  RUPEE,
} from '@khata/domain';
import type { Secret } from '../config/secret.js';
import type { PgGatewayAdapter, PgGatewayPayment } from './pg-gateway.js';
import { hmacHex, PgRefundRefused, sameHmac } from './pg-gateway.js';
import { SandboxPgBook } from './sandbox-pg-book.repository.js';

/**
 * The sandbox's test amounts (docs/pg-sandbox.md): a load of one of these whole rupee amounts
 * behaves so whatever button is pressed on the hosted page; any other amount follows the button.
 */
export const SANDBOX_PG_AMOUNTS = {
  /** The bank refuses: payment.failed, `insufficient_funds`. */
  201: 'insufficientFunds',
  /** The bank declines: payment.failed, `payment_declined`. */
  402: 'declined',
  /** Late authorisation: payment.failed at once, then authorised and captured a little later. */
  303: 'lateAuthorisation',
  /** Captured, but the gateway never sends a webhook: our fetch (callback or reconciler) finds it. */
  505: 'noWebhook',
  /** Captured, and every webhook is delivered twice. */
  606: 'twiceDelivered',
  /** Authorised but never captured (the gateway refunds it itself): never credited. */
  707: 'authorisedOnly',
  /** Captured; its refund is made, but the first answer to the ask is lost (a timeout). */
  808: 'refundAnswerLost',
  /** Captured; the gateway refuses its refund. */
  909: 'refundRefused',
} as const;
export type SandboxPgScenario = (typeof SANDBOX_PG_AMOUNTS)[keyof typeof SANDBOX_PG_AMOUNTS];

export function sandboxScenario(amount: Paise): SandboxPgScenario | undefined {
  if (amount % RUPEE !== 0) return undefined;
  return (SANDBOX_PG_AMOUNTS as Record<number, SandboxPgScenario>)[amount / RUPEE];
}

/** What the gateway itself charges on a payment: its price list is the shipped pgLoad scheme. */
export function sandboxGatewayFee(amount: Paise, method: string): { fee: Paise; tax: Paise } {
  const charge = pgCharge(DEFAULT_SCHEMES.pgLoad, method as PgMethod, amount, 1800);
  return { fee: charge?.fee ?? 0, tax: charge?.gst ?? 0 };
}

export interface SandboxPgSecrets {
  key: string;
  webhook: string;
}

/** A gateway's sandbox secrets, derived from the server's JWT secret (no setting to forget). */
export function sandboxSecrets(gateway: PgGateway, root: Secret): SandboxPgSecrets {
  return {
    key: hmacHex(root.reveal(), `pg-sandbox:${gateway}:key`),
    webhook: hmacHex(root.reveal(), `pg-sandbox:${gateway}:webhook`),
  };
}

export const SANDBOX_PG_PATH = '/api/pg-sandbox';

/** The sandbox gateway as Khata's adapter sees it: the same calls a real gateway answers. */
@Injectable()
export class SandboxPgGateway implements PgGatewayAdapter {
  constructor(
    readonly gateway: PgGateway,
    private readonly book: SandboxPgBook,
    readonly secrets: SandboxPgSecrets,
  ) {}

  async createOrder(input: {
    receipt: string;
    amount: Paise;
    method: PgMethod;
    returnPath: string;
  }): Promise<{ gatewayOrderId: string }> {
    const order = await this.book.createOrder(
      this.gateway,
      input.receipt,
      input.amount,
      input.returnPath,
    );
    return { gatewayOrderId: order.id };
  }

  checkoutUrl(gatewayOrderId: string): string {
    return `${SANDBOX_PG_PATH}/${this.gateway}/checkout/${gatewayOrderId}`;
  }

  callbackSignatureValid(gatewayOrderId: string, paymentId: string, signature: unknown): boolean {
    return sameHmac(hmacHex(this.secrets.key, `${gatewayOrderId}|${paymentId}`), signature);
  }

  webhookSignatureValid(rawBody: Buffer, signature: unknown): boolean {
    return sameHmac(hmacHex(this.secrets.webhook, rawBody), signature);
  }

  async fetchPayments(gatewayOrderId: string): Promise<PgGatewayPayment[]> {
    return this.book.payments(gatewayOrderId);
  }

  async refund(
    paymentId: string,
    _amount: Paise,
    reference: string,
  ): Promise<{ refundId: string }> {
    const payment = await this.book.payment(paymentId);
    if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded')) {
      throw new PgRefundRefused('the payment is not captured');
    }
    const scenario = sandboxScenario(payment.amount);
    if (scenario === 'refundRefused') {
      throw new PgRefundRefused('the merchant balance at the gateway is too low');
    }
    const refund = await this.book.refund(paymentId, reference);
    if (scenario === 'refundAnswerLost' && refund.first) {
      throw new Error('The gateway did not answer the refund in time.');
    }
    return { refundId: refund.refundId };
  }
}
