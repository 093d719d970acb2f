import { Injectable } from '@nestjs/common';
import type { Paise, PgGateway, PgMethod, PgOrderStatus } from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

/** One load's order (pg_orders). */
export interface PgOrder {
  id: string;
  receipt: string;
  userId: string;
  gateway: PgGateway;
  method: PgMethod;
  gatewayOrderId: string;
  amount: Paise;
  fee: Paise;
  gst: Paise;
  gstRate: number;
  credited: Paise;
  status: PgOrderStatus;
  paymentId: string | null;
  failureReason: string | null;
  refundId: string | null;
  /** How many times a refund was asked (a refused one may be asked again). */
  refundAttempts: number;
  settlementId: string | null;
  idempotencyKey: string;
  requestHash: string;
  checks: number;
  lastCheckedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  refundedAt: Date | null;
  settledAt: Date | null;
}

const COLUMNS = `o.id, o.receipt, o.user_id AS "userId", o.gateway, o.method,
  o.gateway_order_id AS "gatewayOrderId", o.amount_paise::int AS amount, o.fee_paise::int AS fee,
  o.gst_paise::int AS gst, o.gst_rate_bp AS "gstRate", o.credited_paise::int AS credited,
  o.status, o.payment_id AS "paymentId", o.failure_reason AS "failureReason",
  o.refund_id AS "refundId", o.refund_attempts AS "refundAttempts",
  o.settlement_id AS "settlementId",
  o.idempotency_key AS "idempotencyKey", o.request_hash AS "requestHash", o.checks,
  o.last_checked_at AS "lastCheckedAt", o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  o.paid_at AS "paidAt", o.refunded_at AS "refundedAt", o.settled_at AS "settledAt"`;

/** The tracker's row: the order and who loaded. */
export interface PgOrderListed extends PgOrder {
  userName: string;
  userMobile: string;
}

@Injectable()
export class PgOrdersRepository {
  constructor(private readonly db: Db) {}

  async insert(tx: Tx, order: PgOrder): Promise<void> {
    await tx.query(
      `INSERT INTO pg_orders (id, receipt, user_id, gateway, method, gateway_order_id,
         amount_paise, fee_paise, gst_paise, gst_rate_bp, credited_paise, status,
         idempotency_key, request_hash, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)`,
      [
        order.id,
        order.receipt,
        order.userId,
        order.gateway,
        order.method,
        order.gatewayOrderId,
        order.amount,
        order.fee,
        order.gst,
        order.gstRate,
        order.credited,
        order.status,
        order.idempotencyKey,
        order.requestHash,
        order.createdAt,
      ],
    );
  }

  async find(tx: Tx, id: string, lock = false): Promise<PgOrder | undefined> {
    const { rows } = await tx.query<PgOrder>(
      `SELECT ${COLUMNS} FROM pg_orders o WHERE o.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  async findByReceipt(tx: Tx, receipt: string): Promise<PgOrder | undefined> {
    const { rows } = await tx.query<PgOrder>(
      `SELECT ${COLUMNS} FROM pg_orders o WHERE o.receipt = $1`,
      [receipt],
    );
    return rows[0];
  }

  async findByGatewayOrder(
    tx: Tx,
    gateway: PgGateway,
    gatewayOrderId: string,
    lock = false,
  ): Promise<PgOrder | undefined> {
    const { rows } = await tx.query<PgOrder>(
      `SELECT ${COLUMNS} FROM pg_orders o WHERE o.gateway = $1 AND o.gateway_order_id = $2
        ${lock ? 'FOR UPDATE' : ''}`,
      [gateway, gatewayOrderId],
    );
    return rows[0];
  }

  async findByKey(userId: string, key: string): Promise<PgOrder | undefined> {
    const { rows } = await this.db.query<PgOrder>(
      `SELECT ${COLUMNS} FROM pg_orders o WHERE o.user_id = $1 AND o.idempotency_key = $2`,
      [userId, key],
    );
    return rows[0];
  }

  /** Records a gateway event once: false when `(gateway, event_id)` was already applied. */
  async recordEvent(
    tx: Tx,
    event: {
      gateway: PgGateway;
      eventId: string;
      orderId: string;
      kind: string;
      paymentId: string | null;
      applied: boolean;
      at: Date;
    },
  ): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO pg_events (gateway, event_id, order_id, kind, payment_id, applied, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (gateway, event_id) DO NOTHING`,
      [
        event.gateway,
        event.eventId,
        event.orderId,
        event.kind,
        event.paymentId,
        event.applied,
        event.at,
      ],
    );
    return rowCount === 1;
  }

  async saveState(tx: Tx, order: PgOrder): Promise<void> {
    await tx.query(
      `UPDATE pg_orders SET status = $2, payment_id = $3, failure_reason = $4, refund_id = $5,
              settlement_id = $6, paid_at = $7, refunded_at = $8, settled_at = $9, updated_at = $10,
              refund_attempts = $11
        WHERE id = $1`,
      [
        order.id,
        order.status,
        order.paymentId,
        order.failureReason,
        order.refundId,
        order.settlementId,
        order.paidAt,
        order.refundedAt,
        order.settledAt,
        order.updatedAt,
        order.refundAttempts,
      ],
    );
  }

  async noteCheck(id: string, at: Date): Promise<void> {
    await this.db.query(
      'UPDATE pg_orders SET checks = checks + 1, last_checked_at = $2 WHERE id = $1',
      [id, at],
    );
  }

  /** Open orders created between `from` and `before`, the longest unchecked first. */
  async openOrders(from: Date, before: Date, limit: number): Promise<PgOrder[]> {
    const { rows } = await this.db.query<PgOrder>(
      `SELECT ${COLUMNS} FROM pg_orders o
        WHERE o.status IN ('created', 'attempted', 'failed') AND o.created_at >= $1
          AND o.created_at < $2
        ORDER BY o.last_checked_at NULLS FIRST, o.created_at LIMIT $3`,
      [from, before, limit],
    );
    return rows;
  }

  /** Refunds asked before `before` that the gateway has not answered, the oldest first. */
  async refundingOrders(before: Date, limit: number): Promise<PgOrder[]> {
    const { rows } = await this.db.query<PgOrder>(
      `SELECT ${COLUMNS} FROM pg_orders o WHERE o.status = 'refunding' AND o.updated_at < $1
        ORDER BY o.updated_at LIMIT $2`,
      [before, limit],
    );
    return rows;
  }

  /** The tracker's page: the caller's orders (every order for an admin), newest first. */
  async list(filter: {
    userId?: string;
    gateway?: PgGateway;
    search?: string;
    status?: PgOrderStatus;
    limit: number;
    offset: number;
  }): Promise<{ rows: PgOrderListed[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.userId) add('o.user_id = ?', filter.userId);
    if (filter.gateway) add('o.gateway = ?', filter.gateway);
    if (filter.status) add('o.status = ?', filter.status);
    if (filter.search) {
      params.push(filter.search);
      const p = `$${params.length}`;
      where.push(
        `(o.receipt = ${p} OR o.gateway_order_id = ${p} OR o.payment_id = ${p} OR o.id::text = ${p})`,
      );
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    return this.db.snapshot(async (tx) => {
      const { rows } = await tx.query<PgOrderListed>(
        `SELECT ${COLUMNS}, u.name AS "userName", u.mobile AS "userMobile"
           FROM pg_orders o JOIN users u ON u.id = o.user_id ${clause}
          ORDER BY o.created_at DESC, o.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, filter.limit, filter.offset],
      );
      const count = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_orders o ${clause}`,
        params,
      );
      return { rows, total: count.rows[0]!.n };
    });
  }

  async insertSettlement(
    tx: Tx,
    settlement: {
      id: string;
      gateway: PgGateway;
      utr: string;
      settledOn: string;
      orders: number;
      amount: Paise;
      fee: Paise;
      tax: Paise;
      net: Paise;
      importedBy: string;
      at: Date;
    },
  ): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO pg_settlements (id, gateway, utr, settled_on, orders, amount_paise, fee_paise,
         tax_paise, net_paise, imported_by, imported_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
      [
        settlement.id,
        settlement.gateway,
        settlement.utr,
        settlement.settledOn,
        settlement.orders,
        settlement.amount,
        settlement.fee,
        settlement.tax,
        settlement.net,
        settlement.importedBy,
        settlement.at,
      ],
    );
    return rowCount === 1;
  }
}
