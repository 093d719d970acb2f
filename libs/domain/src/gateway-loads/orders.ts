import { type Check, fail, pass } from '../check.js';
import { quoteScheme, type SchemeDefinition } from '../commission.js';
import { formatPaise, type Paise, parseRupees, RUPEE } from '../money.js';
import {
  isPgGateway,
  isPgMethod,
  PG_GATEWAY_INFO,
  PG_METHOD_LABELS,
  type PgGateway,
  type PgMethod,
} from './gateways.js';

/**
 * A wallet load's order (issue 28, india-rails.md §4). The order is ours, created on the server;
 * the gateway's word (a signed webhook, or our own fetch of the order) moves it. The browser's
 * return moves nothing but `created` → `attempted`.
 *
 *   created ──(callback / authorized)──▶ attempted ──(failed)──▶ failed
 *      │                                    │                      │ (late authorisation)
 *      └───────────────(captured)──────────▶ paid ◀──(captured)────┘
 *                                            │
 *                         (settlement) settled / refunding (admin, captured only)
 *                                                    │ the gateway: refunded, or refused:
 *                                                    ▼ back to paid or settled
 *
 * Never back from paid; a payment only authorised is never credited (Razorpay refunds it
 * itself after 3 days); the credit is the one effect of the first capture.
 */
export const PG_ORDER_STATUSES = [
  'created',
  'attempted',
  'paid',
  'failed',
  'refunding',
  'refunded',
  'settled',
] as const;
export type PgOrderStatus = (typeof PG_ORDER_STATUSES)[number];

export const PG_ORDER_STATUS_LABELS: Readonly<Record<PgOrderStatus, string>> = {
  created: 'Created',
  attempted: 'Attempted',
  paid: 'Paid',
  failed: 'Failed',
  refunding: 'Refund pending',
  refunded: 'Refunded',
  settled: 'Settled',
};

/** An order that the gateway may still move on its own (a reconciler asks about these). */
export const PG_OPEN_STATUSES: readonly PgOrderStatus[] = ['created', 'attempted', 'failed'];

/** What the gateway says of a payment on an order, as a webhook or a fetch tells it. */
export const PG_PAYMENT_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
] as const;
export type PgPaymentEvent = (typeof PG_PAYMENT_EVENTS)[number];

/** Everything that moves an order: the gateway's events and our own acts. */
export type PgOrderInput =
  | { kind: 'returned' }
  | { kind: PgPaymentEvent; paymentId: string }
  | { kind: 'refund' }
  /** The gateway refunded the payment (its answer to our ask, or to the ask repeated). */
  | { kind: 'refund.processed' }
  /** The gateway refused the refund; `settled` names where the order stood before it. */
  | { kind: 'refund.refused'; settled: boolean }
  | { kind: 'settle' };

/**
 * `reverse`: every leg of the credit reversed (the wallet debited) when the refund is asked;
 * `restore`: the credit put back when the gateway refuses it.
 */
export type PgOrderEffect = 'credit' | 'reverse' | 'restore' | 'settle';

export interface PgOrderState {
  status: PgOrderStatus;
  /** The gateway's payment that was captured (credited), once there is one. */
  paymentId: string | null;
}

export type PgOrderStep =
  | { ok: true; state: PgOrderState; effect: PgOrderEffect | null; changed: boolean }
  | { ok: false; reason: 'notCaptured' | 'notPaid' };

const stay = (state: PgOrderState): PgOrderStep => ({
  ok: true,
  state,
  effect: null,
  changed: false,
});
const move = (
  state: PgOrderState,
  status: PgOrderStatus,
  effect: PgOrderEffect | null = null,
  paymentId = state.paymentId,
): PgOrderStep => ({ ok: true, state: { status, paymentId }, effect, changed: true });

/** Captured money (paid, settled, refunding, refunded): never back to an open status. */
export function isPgCaptured(status: PgOrderStatus): boolean {
  return (
    status === 'paid' || status === 'settled' || status === 'refunding' || status === 'refunded'
  );
}

/** One step of the order machine. Pure: the caller stores the state and applies the effect. */
export function stepPgOrder(state: PgOrderState, input: PgOrderInput): PgOrderStep {
  const captured = isPgCaptured(state.status);
  switch (input.kind) {
    case 'returned':
      return state.status === 'created' ? move(state, 'attempted') : stay(state);
    case 'payment.authorized':
      // Authorised is not captured: no credit. A late authorisation after a failure reopens it.
      return state.status === 'created' || state.status === 'failed'
        ? move(state, 'attempted')
        : stay(state);
    case 'payment.failed':
      // One failed attempt of several; never back from captured.
      return state.status === 'created' || state.status === 'attempted'
        ? move(state, 'failed')
        : stay(state);
    case 'payment.captured':
    case 'order.paid':
      return captured ? stay(state) : move(state, 'paid', 'credit', input.paymentId);
    case 'refund':
      // Asked once: a refund pending or done is not asked again (the reconciler repeats the ask).
      if (!captured) return { ok: false, reason: 'notCaptured' };
      return state.status === 'refunding' || state.status === 'refunded'
        ? stay(state)
        : move(state, 'refunding', 'reverse');
    case 'refund.processed':
      return state.status === 'refunding' ? move(state, 'refunded') : stay(state);
    case 'refund.refused':
      return state.status === 'refunding'
        ? move(state, input.settled ? 'settled' : 'paid', 'restore')
        : stay(state);
    case 'settle':
      if (state.status === 'settled') return stay(state);
      if (state.status !== 'paid') return { ok: false, reason: 'notPaid' };
      return move(state, 'settled', 'settle');
  }
}

/** Limits of one load (configuration; docs/decisions.md "Issue 28"). */
export interface PgLimits {
  minimum: Paise;
  perOrder: Paise;
}

export const DEFAULT_PG_LIMITS: PgLimits = { minimum: 100 * RUPEE, perOrder: 2_00_000 * RUPEE };

export const PgMessages = {
  gatewayInvalid: 'Gateway must be one of pay10, finkeda, paycel.',
  gatewayOff: (gateway: PgGateway) =>
    `${PG_GATEWAY_INFO[gateway].label} is not configured on this server, so no load can be made through it.`,
  methodInvalid: (gateway: PgGateway) =>
    `Please choose how to pay: ${PG_GATEWAY_INFO[gateway].methods.map((m) => PG_METHOD_LABELS[m]).join(', ')}.`,
  amountBelowMinimum: (limits: PgLimits) =>
    `The least you can load is ${formatPaise(limits.minimum)}.`,
  amountAboveLimit: (limits: PgLimits) =>
    `At most ${formatPaise(limits.perOrder)} can be loaded in one payment.`,
  chargeTooHigh: 'The charge takes the whole amount: please load more.',
  orderIdInvalid: 'Order id must be a valid id.',
  orderNotFound: 'Load order not found.',
  badCallbackSignature: 'The payment confirmation is not signed by the gateway.',
  callbackMismatch: 'The payment confirmation is for another order.',
  badWebhookSignature: 'Invalid webhook signature.',
  webhookNoBody: 'The webhook has no body.',
  webhookInvalid: 'The webhook body is not an event we understand.',
  notCaptured: 'Only a captured payment can be refunded: this order was never paid.',
  alreadyRefunded: 'This order is already refunded, or its refund is pending.',
  refunded: 'The payment is refunded and its credit reversed.',
  refundPending:
    'The credit is reversed and the refund is asked of the gateway; the order shows Refund pending until the gateway confirms it.',
  refundRefused: (reason: string) =>
    `The gateway refused the refund (${reason}); the credit is back in the wallet.`,
  settlementFileInvalid: 'The settlement file is not a gateway settlement CSV.',
  pending:
    'The gateway has not confirmed this payment yet. Your wallet is credited as soon as it does.',
} as const;

export interface PgLoadRequest {
  gateway: PgGateway;
  method: PgMethod;
  amount: Paise;
}

/** A load as the screen sends it: the gateway, a method it takes, rupees within the limits. */
export function checkPgLoad(
  input: { gateway?: unknown; method?: unknown; amount?: unknown },
  limits: PgLimits = DEFAULT_PG_LIMITS,
): Check<PgLoadRequest> {
  if (!isPgGateway(input.gateway)) return fail(PgMessages.gatewayInvalid);
  const gateway = input.gateway;
  if (!isPgMethod(input.method) || !PG_GATEWAY_INFO[gateway].methods.includes(input.method)) {
    return fail(PgMessages.methodInvalid(gateway));
  }
  const amount = parseRupees(input.amount);
  if (!amount.ok) return amount;
  if (amount.value < limits.minimum) return fail(PgMessages.amountBelowMinimum(limits));
  if (amount.value > limits.perOrder) return fail(PgMessages.amountAboveLimit(limits));
  return pass({ gateway, method: input.method, amount: amount.value });
}

/** What a load costs the user: the gateway fee by method (a scheme) and GST on it. */
export interface PgCharge {
  amount: Paise;
  fee: Paise;
  gstRate: number;
  gst: Paise;
  /** fee + gst: what the user pays for the load. */
  charge: Paise;
  /** amount − charge: what the wallet receives. */
  credited: Paise;
}

/**
 * The user's charge on a load, quoted before paying and charged at the credit (one function):
 * the `pgLoad` scheme's fee for the method (its slabs per method, `categorySlabs`), and GST at
 * `gstBp` basis points on the fee, added (the fee is before tax, as gateways quote MDR), half
 * up to the paisa. Undefined when the charge would take the whole amount.
 */
export function pgCharge(
  scheme: Pick<SchemeDefinition, 'slabs' | 'categorySlabs'>,
  method: PgMethod,
  amount: Paise,
  gstBp: number,
): PgCharge | undefined {
  const fee = quoteScheme(scheme, amount, method).fee;
  const gst = Number((BigInt(fee) * BigInt(gstBp) * 2n + 10_000n) / 20_000n);
  const charge = fee + gst;
  if (charge >= amount) return undefined;
  return { amount, fee, gstRate: gstBp, gst, charge, credited: amount - charge };
}
