import { Injectable } from '@nestjs/common';
import { type Paise, streamPrefixOf } from '@khata/domain';
import { creditParty, Ledger, ledgerStream, movedRecord, openedRecord } from '@khata/ledger';
import type { Tx } from '../database/unit-of-work.js';
import {
  type AppendedProjected,
  ProjectedAppends,
} from '../transactions/projected-appends.repository.js';
import type { PgOrder } from './pg-orders.repository.js';

const PG_LOAD = streamPrefixOf('pgLoad');

/** One row of a gateway's settlement file, checked against its order. */
export interface PgSettledPayment {
  settlementId: string;
  utr: string;
  fee: Paise;
  tax: Paise;
  net: Paise;
}

/**
 * The ledger side of a gateway load (issue 28), every event on the order's stream
 * (`pg-load:<order id>`), in the caller's transaction, projected:
 *
 * - credited (the first capture): PG clearing −amount (the gateway owes it), the wallet
 *   +credited, fee income +fee, GST payable +GST. Idempotency key `pg-load:<id>:credit`, so a
 *   second credit of one order is a replay even if the order's lock were bypassed.
 * - settled (a settlement file's row): PG clearing +amount (cleared), the company bank
 *   (bank settlement) −net, fee income −the gateway's fee, GST payable −its tax (the input
 *   credit). The clearing account of a settled order is zero to the paisa.
 * - refunded (an admin, captured only, when the refund is asked): every leg of the credit
 *   reversed. Key `pg-load:<id>:refund:<attempt>`: a refund asked again after a refusal is a
 *   new reversal, a repeat of one ask a replay.
 * - refund-refused (the gateway's no): the credit put back, leg for leg.
 */
@Injectable()
export class PgLedger {
  constructor(
    private readonly ledger: Ledger,
    private readonly appends: ProjectedAppends,
  ) {}

  async credited(tx: Tx, order: PgOrder, metadata: Record<string, unknown>) {
    const ledger = this.ledger.within(tx);
    const wallet = await ledger.userAccount(order.userId, 'wallet');
    const record = openedRecord({
      type: 'pgLoad',
      status: 'success',
      parties: [creditParty({ userId: order.userId, accountId: wallet, amount: order.credited })],
      details: {
        gateway: order.gateway,
        method: order.method,
        receipt: order.receipt,
        gatewayOrderId: order.gatewayOrderId,
        paymentId: order.paymentId,
        loadAmount: order.amount,
        charge: order.fee + order.gst,
        remark: `Wallet load through ${order.gateway}`,
      },
      externalRef: order.paymentId,
    });
    return this.appends.within(tx).append({
      type: `${PG_LOAD}.credited`,
      stream: ledgerStream(PG_LOAD, order.id),
      legs: [
        { accountId: await ledger.systemAccount('system:pg_clearing'), amount: -order.amount },
        { accountId: wallet, amount: order.credited },
        { accountId: await ledger.systemAccount('system:fee_income'), amount: order.fee },
        { accountId: await ledger.systemAccount('system:gst_payable'), amount: order.gst },
      ].filter((leg) => leg.amount !== 0),
      data: {
        orderId: order.id,
        amount: order.amount,
        fee: order.fee + order.gst,
        gst: order.gst,
        record,
      },
      metadata,
      actorId: order.userId,
      idempotencyKey: `pg-load:${order.id}:credit`,
      requestHash: order.id,
    });
  }

  async refunded(
    tx: Tx,
    order: PgOrder,
    actorId: string,
    metadata: Record<string, unknown>,
  ): Promise<AppendedProjected> {
    return this.appendRefundLegs(tx, order, -1, {
      type: `${PG_LOAD}.refunded`,
      record: movedRecord('reversed', {
        externalRef: order.paymentId,
        message: 'Refund asked of the gateway: the credit is reversed.',
      }),
      metadata,
      actorId,
      idempotencyKey: `pg-load:${order.id}:refund:${order.refundAttempts}`,
    });
  }

  /** The gateway refused the refund: the reversal undone, the load's record a success again. */
  async refundRefused(
    tx: Tx,
    order: PgOrder,
    metadata: Record<string, unknown>,
  ): Promise<AppendedProjected> {
    return this.appendRefundLegs(tx, order, 1, {
      type: `${PG_LOAD}.refund-refused`,
      record: movedRecord('success', {
        externalRef: order.paymentId,
        message: order.failureReason ?? 'The gateway refused the refund.',
      }),
      metadata,
      actorId: order.userId,
      idempotencyKey: `pg-load:${order.id}:refund-refused:${order.refundAttempts}`,
    });
  }

  /** The credit's legs, times `sign` (−1 reverses them, +1 puts them back). */
  private async appendRefundLegs(
    tx: Tx,
    order: PgOrder,
    sign: 1 | -1,
    event: {
      type: string;
      record: ReturnType<typeof movedRecord>;
      metadata: Record<string, unknown>;
      actorId: string;
      idempotencyKey: string;
    },
  ): Promise<AppendedProjected> {
    const ledger = this.ledger.within(tx);
    return this.appends.within(tx).append({
      type: event.type,
      stream: ledgerStream(PG_LOAD, order.id),
      legs: [
        {
          accountId: await ledger.systemAccount('system:pg_clearing'),
          amount: -sign * order.amount,
        },
        {
          accountId: await ledger.userAccount(order.userId, 'wallet'),
          amount: sign * order.credited,
        },
        { accountId: await ledger.systemAccount('system:fee_income'), amount: sign * order.fee },
        { accountId: await ledger.systemAccount('system:gst_payable'), amount: sign * order.gst },
      ].filter((leg) => leg.amount !== 0),
      data: { orderId: order.id, attempt: order.refundAttempts, record: event.record },
      metadata: event.metadata,
      actorId: event.actorId,
      idempotencyKey: event.idempotencyKey,
      requestHash: `${order.id}:${order.refundAttempts}`,
    });
  }

  async settled(
    tx: Tx,
    order: PgOrder,
    settled: PgSettledPayment,
    actorId: string,
    metadata: Record<string, unknown>,
  ): Promise<AppendedProjected> {
    const ledger = this.ledger.within(tx);
    return this.appends.within(tx).append({
      type: `${PG_LOAD}.settled`,
      stream: ledgerStream(PG_LOAD, order.id),
      legs: [
        { accountId: await ledger.systemAccount('system:pg_clearing'), amount: order.amount },
        { accountId: await ledger.systemAccount('system:bank_settlement'), amount: -settled.net },
        { accountId: await ledger.systemAccount('system:fee_income'), amount: -settled.fee },
        { accountId: await ledger.systemAccount('system:gst_payable'), amount: -settled.tax },
      ].filter((leg) => leg.amount !== 0),
      data: { orderId: order.id, ...settled },
      metadata,
      actorId,
      idempotencyKey: `pg-load:${order.id}:settle`,
      requestHash: order.id,
    });
  }
}
