import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Paise, PgGateway, PgMethod } from '@khata/domain';

/** A payment on a gateway's order, as the gateway's fetch answers it (india-rails.md §4). */
export interface PgGatewayPayment {
  id: string;
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
  method: string;
  error: string | null;
}

/**
 * The one adapter every gateway is behind (issue 28): Razorpay's shape, which Pay10, Finkeda
 * and Paycel follow closely enough. A gateway's word is its signed webhook or this fetch.
 */
export interface PgGatewayAdapter {
  readonly gateway: PgGateway;
  /** Creates the gateway's order for our order (`receipt`: our order id); answers its id. */
  createOrder(input: {
    receipt: string;
    amount: Paise;
    method: PgMethod;
    returnPath: string;
  }): Promise<{ gatewayOrderId: string }>;
  /** Where the browser pays: the gateway's hosted page for the order. */
  checkoutUrl(gatewayOrderId: string): string;
  /** HMAC-SHA256(order_id | payment_id) under the key secret, against the order id WE stored. */
  callbackSignatureValid(gatewayOrderId: string, paymentId: string, signature: unknown): boolean;
  /** HMAC-SHA256(raw body) under the webhook secret. */
  webhookSignatureValid(rawBody: Buffer, signature: unknown): boolean;
  /** `GET /orders/:id/payments`: the reconciler's and the callback's own look. */
  fetchPayments(gatewayOrderId: string): Promise<PgGatewayPayment[]>;
  /**
   * Refunds a captured payment in full; answers the refund's id. `reference` is the refund's
   * idempotency key (Razorpay's `X-Refund-Idempotency`): the same ask again is the same refund,
   * so an ask whose answer was lost is asked again, never refunded twice. A refusal throws
   * `PgRefundRefused`; anything else thrown (a timeout, a 5xx) leaves the outcome unknown.
   */
  refund(paymentId: string, amount: Paise, reference: string): Promise<{ refundId: string }>;
}

/** The gateway's definite no to a refund (the payment not refundable, a balance short). */
export class PgRefundRefused extends Error {}

/** The gateways configured on this server (an absent one is off). */
export abstract class PgGateways {
  abstract get(gateway: PgGateway): PgGatewayAdapter | undefined;
}

export function hmacHex(secret: string, text: string | Buffer): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** A hex HMAC compared in constant time; anything not a 64-hex string is refused. */
export function sameHmac(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
