import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  checkPgLoad,
  DEFAULT_SCHEMES,
  isPgGateway,
  PG_GATEWAY_INFO,
  PG_GATEWAYS,
  PG_PAYMENT_EVENTS,
  type PgCharge,
  pgCharge,
  type PgGateway,
  type PgMethod,
  PgMessages,
  type PgOrderInput,
  type PgPaymentEvent,
  stepPgOrder,
} from '@khata/domain';
import { LedgerError } from '@khata/ledger';
import { createHash, randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { CommissionsRepository } from '../commissions/commissions.repository.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Db, type Tx, UnitOfWork } from '../database/unit-of-work.js';
import { announceAppended } from '../transactions/appended-announcement.js';
import type { AppendedProjected } from '../transactions/projected-appends.repository.js';
import {
  type PgGatewayAdapter,
  type PgGatewayPayment,
  PgGateways,
  PgRefundRefused,
} from './pg-gateway.js';
import { PgLedger } from './pg-ledger.js';
import { type PgOrder, PgOrdersRepository } from './pg-orders.repository.js';
import { PgLoadMessages } from './pg-messages.js';

/** A gateway event as our code applies it, whichever way it came (webhook or fetch). */
export interface PgGatewayEvent {
  gateway: PgGateway;
  eventId: string;
  kind: PgPaymentEvent;
  gatewayOrderId: string;
  paymentId: string;
  error?: string | null;
}

export interface PgApplied {
  orderId: string | null;
  duplicate: boolean;
  credited: boolean;
}

/** The reconciler asks about an open order for this long after its creation. */
const RECONCILE_FOR_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Wallet loads through a payment gateway (issue 28): the order created on the server, the
 * browser's return (its signature checked against the order id we stored; it moves nothing
 * but created → attempted, then we fetch the order ourselves), the gateway's webhooks (their
 * signature on the raw body), the reconciler's fetch, an admin's refund. Every gateway event
 * is applied in one transaction: the order locked, the event's `(gateway, event_id)` inserted
 * (a repeat stops here), the order machine stepped, and on the first capture the ledger credit.
 */
@Injectable()
export class PgLoads {
  private readonly logger = new Logger('PgLoads');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateways: PgGateways,
    private readonly orders: PgOrdersRepository,
    private readonly pgLedger: PgLedger,
    private readonly commissions: CommissionsRepository,
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** Each screen's gateway: configured or not (a screen whose gateway is off says so). */
  configured(): { gateway: PgGateway; label: string; configured: boolean; methods: PgMethod[] }[] {
    return PG_GATEWAYS.map((gateway) => ({
      gateway,
      label: PG_GATEWAY_INFO[gateway].label,
      configured: this.gateways.get(gateway) !== undefined,
      methods: [...PG_GATEWAY_INFO[gateway].methods],
    }));
  }

  adapter(gateway: PgGateway): PgGatewayAdapter {
    const adapter = this.gateways.get(gateway);
    if (!adapter) throw new AppError(ErrorKind.Unavailable, PgMessages.gatewayOff(gateway));
    return adapter;
  }

  /** The charge of a load, from the same function the credit uses. */
  async quote(user: AuthUser, query: Record<string, unknown>, tx: Tx = this.db) {
    const load = checked(checkPgLoad(query, this.config.pg.limits));
    this.adapter(load.gateway);
    return { ...load, ...(await this.charge(tx, user, load.method, load.amount)) };
  }

  private async charge(
    tx: Tx,
    user: AuthUser,
    method: PgMethod,
    amount: number,
  ): Promise<PgCharge> {
    const scheme = await this.commissions.schemeFor(tx, user.userId, user.kind, 'pgLoad');
    const rates = await this.commissions.ratesInForce(tx);
    const charge = pgCharge(
      scheme
        ? { slabs: scheme.slabs, categorySlabs: scheme.categorySlabs ?? undefined }
        : DEFAULT_SCHEMES.pgLoad,
      method,
      amount,
      rates.gst,
    );
    if (!charge) throw new AppError(ErrorKind.Invalid, PgMessages.chargeTooHigh);
    return charge;
  }

  /** Creates our order and the gateway's; answers the order and where the browser pays. */
  async create(
    user: AuthUser,
    body: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<{ order: PgOrder; checkoutUrl: string; replayed: boolean }> {
    if (user.kind === 'admin') {
      throw new AppError(ErrorKind.Forbidden, PgLoadMessages.adminsCredit);
    }
    const load = checked(checkPgLoad(body, this.config.pg.limits));
    const adapter = this.adapter(load.gateway);
    const requestHash = createHash('sha256')
      .update(JSON.stringify([load.gateway, load.method, load.amount]))
      .digest('hex');
    const earlier = await this.orders.findByKey(user.userId, idempotencyKey);
    if (earlier) {
      if (earlier.requestHash !== requestHash) {
        throw new AppError(ErrorKind.Conflict, PgLoadMessages.keyReused);
      }
      return {
        order: earlier,
        checkoutUrl: adapter.checkoutUrl(earlier.gatewayOrderId),
        replayed: true,
      };
    }
    const charge = await this.charge(this.db, user, load.method, load.amount);
    const id = randomUUID();
    const receipt = `pgl_${id.replace(/-/g, '')}`;
    const { gatewayOrderId } = await adapter.createOrder({
      receipt,
      amount: load.amount,
      method: load.method,
      returnPath: `${PG_GATEWAY_INFO[load.gateway].route}?receipt=${receipt}`,
    });
    const now = this.clock.now();
    const order: PgOrder = {
      id,
      receipt,
      userId: user.userId,
      gateway: load.gateway,
      method: load.method,
      gatewayOrderId,
      amount: load.amount,
      fee: charge.fee,
      gst: charge.gst,
      gstRate: charge.gstRate,
      credited: charge.credited,
      status: 'created',
      paymentId: null,
      failureReason: null,
      refundId: null,
      refundAttempts: 0,
      settlementId: null,
      idempotencyKey,
      requestHash,
      checks: 0,
      lastCheckedAt: null,
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      refundedAt: null,
      settledAt: null,
    };
    try {
      await this.orders.insert(this.db, order);
    } catch (error) {
      // A twin under the same key won the insert: answer its order.
      const twin = await this.orders.findByKey(user.userId, idempotencyKey);
      if (!twin) throw error;
      return { order: twin, checkoutUrl: adapter.checkoutUrl(twin.gatewayOrderId), replayed: true };
    }
    return { order, checkoutUrl: adapter.checkoutUrl(gatewayOrderId), replayed: false };
  }

  /** An order as its owner, or an admin, may read it. */
  async read(user: AuthUser, id: string): Promise<PgOrder> {
    if (!/^[0-9a-f-]{36}$/i.test(id))
      throw new AppError(ErrorKind.Invalid, PgMessages.orderIdInvalid);
    const order = await this.orders.find(this.db, id);
    if (!order || (order.userId !== user.userId && user.kind !== 'admin')) {
      throw new AppError(ErrorKind.NotFound, PgMessages.orderNotFound);
    }
    return order;
  }

  /**
   * The browser came back from the hosted page with the gateway's signed answer. The signature
   * is HMAC(stored gateway order id | payment id): a forged or re-pointed one is a 400 and moves
   * nothing. A good one moves created → attempted and no money: the money waits for the
   * gateway's word, which we then ask for ourselves (the fetch), so the screen need not wait
   * for the webhook.
   */
  async callback(user: AuthUser, body: Record<string, unknown>): Promise<PgOrder> {
    const receipt = typeof body['receipt'] === 'string' ? body['receipt'] : '';
    const order = receipt ? await this.orders.findByReceipt(this.db, receipt) : undefined;
    if (!order || order.userId !== user.userId) {
      throw new AppError(ErrorKind.NotFound, PgMessages.orderNotFound);
    }
    const adapter = this.adapter(order.gateway);
    const paymentId = typeof body['paymentId'] === 'string' ? body['paymentId'] : '';
    if (body['gatewayOrderId'] !== undefined && body['gatewayOrderId'] !== order.gatewayOrderId) {
      throw new AppError(ErrorKind.Invalid, PgMessages.callbackMismatch);
    }
    if (
      !paymentId ||
      !adapter.callbackSignatureValid(order.gatewayOrderId, paymentId, body['signature'])
    ) {
      this.logger.warn(`A load callback for ${order.id} had a bad signature.`);
      throw new AppError(ErrorKind.Invalid, PgMessages.badCallbackSignature);
    }
    await this.uow.run(async (tx) => {
      const locked = (await this.orders.find(tx, order.id, true))!;
      const step = stepPgOrder(locked, { kind: 'returned' });
      if (step.ok && step.changed) {
        await this.orders.saveState(tx, { ...locked, ...step.state, updatedAt: this.clock.now() });
      }
    });
    await this.reconcile(order);
    return (await this.orders.find(this.db, order.id))!;
  }

  /** A webhook: its signature on the raw bytes, then the event applied (once). */
  async receiveWebhook(gatewayName: string, rawBody: Buffer | undefined, signature: unknown) {
    if (!isPgGateway(gatewayName))
      throw new AppError(ErrorKind.NotFound, PgMessages.gatewayInvalid);
    const adapter = this.adapter(gatewayName);
    if (!rawBody?.length) throw new AppError(ErrorKind.Invalid, PgMessages.webhookNoBody);
    if (!adapter.webhookSignatureValid(rawBody, signature)) {
      this.logger.warn(`A ${gatewayName} webhook was refused: bad signature.`);
      throw new AppError(ErrorKind.Unauthenticated, PgMessages.badWebhookSignature);
    }
    const event = parseWebhook(gatewayName, rawBody);
    if (!event) throw new AppError(ErrorKind.Invalid, PgMessages.webhookInvalid);
    return this.apply(event);
  }

  /**
   * One gateway event applied: the order locked, the event recorded (a repeat answers
   * `duplicate` and moves nothing), the machine stepped, the credit in the same transaction.
   */
  async apply(event: PgGatewayEvent): Promise<PgApplied> {
    const appended: AppendedProjected[] = [];
    const result = await this.uow.run(async (tx): Promise<PgApplied> => {
      const order = await this.orders.findByGatewayOrder(
        tx,
        event.gateway,
        event.gatewayOrderId,
        true,
      );
      // An event of an order we never made (another system's, or forged and well signed) is
      // answered 2xx, so the gateway stops, and moves nothing.
      if (!order) return { orderId: null, duplicate: false, credited: false };
      const input: PgOrderInput = { kind: event.kind, paymentId: event.paymentId };
      const step = stepPgOrder(order, input);
      const fresh = await this.orders.recordEvent(tx, {
        gateway: event.gateway,
        eventId: event.eventId,
        orderId: order.id,
        kind: event.kind,
        paymentId: event.paymentId,
        applied: step.ok && step.changed,
        at: this.clock.now(),
      });
      if (!fresh) return { orderId: order.id, duplicate: true, credited: false };
      if (!step.ok || !step.changed)
        return { orderId: order.id, duplicate: false, credited: false };
      const now = this.clock.now();
      const next: PgOrder = {
        ...order,
        ...step.state,
        failureReason:
          event.kind === 'payment.failed'
            ? (event.error ?? 'Payment failed.')
            : order.failureReason,
        paidAt: step.effect === 'credit' ? now : order.paidAt,
        updatedAt: now,
      };
      await this.orders.saveState(tx, next);
      if (step.effect === 'credit') {
        appended.push(
          await this.pgLedger.credited(tx, next, {
            eventId: event.eventId,
            gateway: event.gateway,
          }),
        );
      }
      return { orderId: order.id, duplicate: false, credited: step.effect === 'credit' };
    });
    announceAppended({ events: this.events, logger: this.logger }, appended);
    return result;
  }

  /**
   * Our own look at the gateway's order (the reconciler, the callback, an admin's "ask now"):
   * each payment's state applied as an event whose id names the payment and its state, so a
   * repeated look is a repeated event, and a webhook of the same news moves nothing more.
   */
  async reconcile(order: PgOrder): Promise<PgOrder> {
    const adapter = this.adapter(order.gateway);
    const payments = await adapter.fetchPayments(order.gatewayOrderId);
    for (const payment of payments) {
      for (const kind of eventsOf(payment)) {
        await this.apply({
          gateway: order.gateway,
          eventId: `fetch:${payment.id}:${kind}`,
          kind,
          gatewayOrderId: order.gatewayOrderId,
          paymentId: payment.id,
          error: payment.error,
        });
      }
    }
    await this.orders.noteCheck(order.id, this.clock.now());
    return (await this.orders.find(this.db, order.id))!;
  }

  /** An admin asks the gateway now: about the payment, or about a refund still pending. */
  async askNow(user: AuthUser, id: string): Promise<PgOrder> {
    if (user.kind !== 'admin') throw new AppError(ErrorKind.Forbidden, PgLoadMessages.askAdminOnly);
    const order = await this.read(user, id);
    return order.status === 'refunding' ? this.askRefund(order) : this.reconcile(order);
  }

  /** The reconciler's sweep: open orders older than PG_RECONCILE_AFTER_MINUTES, up to 3 days. */
  async sweep(limit = 100): Promise<number> {
    const now = this.clock.now().getTime();
    const open = await this.orders.openOrders(
      new Date(now - RECONCILE_FOR_MS),
      new Date(now - this.config.pg.reconcileAfterMs),
      limit,
    );
    for (const order of open) {
      if (!this.gateways.get(order.gateway)) continue;
      try {
        await this.reconcile(order);
      } catch (error) {
        this.logger.warn(`Reconciling ${order.id} failed: ${(error as Error).message}`);
      }
    }
    // Refunds whose answer never came: asked again under the same reference (the same refund).
    const refunding = await this.orders.refundingOrders(
      new Date(now - this.config.pg.reconcileAfterMs),
      limit,
    );
    for (const order of refunding) {
      if (!this.gateways.get(order.gateway)) continue;
      try {
        await this.askRefund(order);
      } catch (error) {
        // One refund's failure (its answer's transaction) must not stop the others' asks.
        this.logger.warn(
          `Asking about the refund of ${order.id} failed: ${(error as Error).message}`,
        );
      }
    }
    return open.length + refunding.length;
  }

  /**
   * An admin refunds a captured payment in full. The wallet is debited (every leg of the credit
   * reversed) and the order marked `refunding` in one transaction, which commits before the
   * gateway is asked: no lock is held over the network, and no gateway refund can exist without
   * its debit. The gateway's answer ends it (askRefund); a lost answer leaves it pending for the
   * reconciler, which asks again under the same reference.
   */
  async refund(user: AuthUser, id: string): Promise<PgOrder> {
    if (user.kind !== 'admin')
      throw new AppError(ErrorKind.Forbidden, PgLoadMessages.refundAdminOnly);
    const order = await this.read(user, id);
    this.refundStep(order);
    // An off gateway is refused (503) before the wallet is debited, not after.
    this.adapter(order.gateway);
    const appended: AppendedProjected[] = [];
    const asking = await this.uow.run(async (tx) => {
      const locked = (await this.orders.find(tx, id, true))!;
      const step = this.refundStep(locked);
      const now = this.clock.now();
      const next: PgOrder = {
        ...locked,
        ...step.state,
        refundAttempts: locked.refundAttempts + 1,
        updatedAt: now,
      };
      try {
        appended.push(await this.pgLedger.refunded(tx, next, user.userId, {}));
      } catch (error) {
        if (error instanceof LedgerError) {
          throw new AppError(ErrorKind.Refused, PgLoadMessages.refundSpent);
        }
        throw error;
      }
      await this.orders.saveState(tx, next);
      return next;
    });
    announceAppended({ events: this.events, logger: this.logger }, appended);
    return this.askRefund(asking);
  }

  private refundStep(order: PgOrder) {
    const step = stepPgOrder(order, { kind: 'refund' });
    if (!step.ok) throw new AppError(ErrorKind.Refused, PgMessages.notCaptured);
    if (!step.changed) throw new AppError(ErrorKind.Conflict, PgMessages.alreadyRefunded);
    return step;
  }

  /**
   * Asks the gateway for a pending refund, outside any transaction, under the reference of
   * this ask (`<order id>-r<attempt>`): refunded, or refused (the credit restored), or, when the
   * answer is lost, still pending (asked again by the sweep; the reference makes it one refund).
   */
  private async askRefund(order: PgOrder): Promise<PgOrder> {
    const adapter = this.adapter(order.gateway);
    let answer: { refundId: string } | { refused: string };
    try {
      answer = await adapter.refund(
        order.paymentId!,
        order.amount,
        `${order.id}-r${order.refundAttempts}`,
      );
    } catch (error) {
      if (!(error instanceof PgRefundRefused)) {
        this.logger.warn(`Refund of ${order.id} not answered: ${(error as Error).message}`);
        await this.orders.noteCheck(order.id, this.clock.now());
        return order;
      }
      answer = { refused: error.message };
    }
    const reply = answer;
    const appended: AppendedProjected[] = [];
    const answered = await this.uow.run(async (tx) => {
      const locked = (await this.orders.find(tx, order.id, true))!;
      const step = stepPgOrder(
        locked,
        'refundId' in reply
          ? { kind: 'refund.processed' }
          : { kind: 'refund.refused', settled: locked.settledAt !== null },
      );
      // Answered already (the sweep and an admin's ask at once): nothing more to do.
      if (!step.ok || !step.changed) return locked;
      const now = this.clock.now();
      const next: PgOrder = { ...locked, ...step.state, updatedAt: now };
      if ('refundId' in reply) {
        next.refundId = reply.refundId;
        next.refundedAt = now;
      } else {
        next.failureReason = PgMessages.refundRefused(reply.refused);
        appended.push(await this.pgLedger.refundRefused(tx, next, {}));
      }
      await this.orders.saveState(tx, next);
      return next;
    });
    announceAppended({ events: this.events, logger: this.logger }, appended);
    return answered;
  }
}

function checked<T>(check: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!check.ok) throw new AppError(ErrorKind.Invalid, check.message);
  return check.value;
}

/** What a fetched payment's state says, as the events a webhook would have sent. */
function eventsOf(payment: PgGatewayPayment): PgPaymentEvent[] {
  switch (payment.status) {
    case 'authorized':
      return ['payment.authorized'];
    case 'captured':
    case 'refunded':
      return ['payment.captured'];
    case 'failed':
      return ['payment.failed'];
    default:
      return [];
  }
}

/** A webhook's body (Razorpay's shape): `{ id, event, payload: { payment: { entity } } }`. */
export function parseWebhook(gateway: PgGateway, rawBody: Buffer): PgGatewayEvent | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { id, event, payload } = body as Record<string, unknown>;
  const entity = (payload as { payment?: { entity?: Record<string, unknown> } } | undefined)
    ?.payment?.entity;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_:-]{1,100}$/.test(id)) return undefined;
  if (!(PG_PAYMENT_EVENTS as readonly unknown[]).includes(event) || !entity) return undefined;
  const { id: paymentId, order_id: orderId, error_description: error } = entity;
  if (typeof paymentId !== 'string' || typeof orderId !== 'string') return undefined;
  return {
    gateway,
    eventId: id,
    kind: event as PgPaymentEvent,
    gatewayOrderId: orderId,
    paymentId,
    error: typeof error === 'string' ? error.slice(0, 300) : null,
  };
}
