import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Paise, PgGateway, PgMethod } from '@khata/domain';
import { Clock } from '../common/clock.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import type { PgGatewayPayment } from './pg-gateway.js';

export interface SandboxOrder {
  id: string;
  gateway: PgGateway;
  receipt: string;
  amount: Paise;
  status: 'created' | 'attempted' | 'paid';
  returnPath: string;
}

/** A sandbox id in a gateway's style: `order_` or `pay_` and 14 random characters. */
export function sandboxId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
}

/**
 * The sandbox gateway's own book (pg_sandbox_orders, pg_sandbox_payments): what a real gateway
 * keeps on its side. Khata's code reads it only through the adapter (fetch, settlement file).
 */
@Injectable()
export class SandboxPgBook {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async createOrder(
    gateway: PgGateway,
    receipt: string,
    amount: Paise,
    returnPath: string,
  ): Promise<SandboxOrder> {
    const id = sandboxId('order');
    await this.db.query(
      `INSERT INTO pg_sandbox_orders
         (id, gateway, receipt, amount_paise, return_path, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'created', $6)`,
      [id, gateway, receipt, amount, returnPath, this.clock.now()],
    );
    return { id, gateway, receipt, amount, status: 'created', returnPath };
  }

  async order(gateway: PgGateway, id: string): Promise<SandboxOrder | undefined> {
    const { rows } = await this.db.query<SandboxOrder>(
      `SELECT id, gateway, receipt, amount_paise::int AS amount, status,
              return_path AS "returnPath"
         FROM pg_sandbox_orders WHERE gateway = $1 AND id = $2`,
      [gateway, id],
    );
    return rows[0];
  }

  async addPayment(
    tx: Tx,
    orderId: string,
    method: PgMethod | string,
    status: PgGatewayPayment['status'],
    error: string | null = null,
  ): Promise<string> {
    const id = sandboxId('pay');
    const now = this.clock.now();
    await tx.query(
      `INSERT INTO pg_sandbox_payments (id, order_id, method, status, error, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [id, orderId, method, status, error, now],
    );
    await tx.query(
      `UPDATE pg_sandbox_orders SET status = CASE WHEN $2 = 'captured' THEN 'paid'
              WHEN status = 'paid' THEN 'paid' ELSE 'attempted' END WHERE id = $1`,
      [orderId, status],
    );
    return id;
  }

  async setPayment(id: string, status: PgGatewayPayment['status'], error: string | null = null) {
    const { rows } = await this.db.query<{ orderId: string }>(
      `UPDATE pg_sandbox_payments SET status = $2, error = $3, updated_at = $4 WHERE id = $1
       RETURNING order_id AS "orderId"`,
      [id, status, error, this.clock.now()],
    );
    if (status === 'captured' && rows[0]) {
      await this.db.query(`UPDATE pg_sandbox_orders SET status = 'paid' WHERE id = $1`, [
        rows[0].orderId,
      ]);
    }
  }

  async payments(orderId: string): Promise<PgGatewayPayment[]> {
    const { rows } = await this.db.query<PgGatewayPayment>(
      `SELECT id, status, method, error FROM pg_sandbox_payments WHERE order_id = $1
        ORDER BY created_at, id`,
      [orderId],
    );
    return rows;
  }

  async payment(
    id: string,
  ): Promise<(PgGatewayPayment & { orderId: string; amount: Paise }) | undefined> {
    const { rows } = await this.db.query<PgGatewayPayment & { orderId: string; amount: Paise }>(
      `SELECT p.id, p.status, p.method, p.error, p.order_id AS "orderId",
              o.amount_paise::int AS amount
         FROM pg_sandbox_payments p JOIN pg_sandbox_orders o ON o.id = p.order_id
        WHERE p.id = $1`,
      [id],
    );
    return rows[0];
  }

  /**
   * Refunds a captured payment once: the refund's id is kept, so the same ask (or any later
   * one) answers it again. `first` says whether this ask made it.
   */
  async refund(
    paymentId: string,
    reference: string,
  ): Promise<{ refundId: string; first: boolean }> {
    const { rows } = await this.db.query<{ refundId: string; first: boolean }>(
      `WITH before AS (SELECT refund_id FROM pg_sandbox_payments WHERE id = $1)
       UPDATE pg_sandbox_payments SET status = 'refunded',
              refund_id = coalesce(refund_id, $2), updated_at = $3
        WHERE id = $1 AND status IN ('captured', 'refunded')
       RETURNING refund_id AS "refundId", (SELECT refund_id IS NULL FROM before) AS first`,
      [paymentId, sandboxId('rfnd'), this.clock.now()],
    );
    if (!rows[0]) throw new Error(`Sandbox payment ${paymentId} cannot be refunded (${reference})`);
    return rows[0];
  }

  /** Captured payments of a gateway not yet in a settlement file, with their orders. */
  async unsettled(
    gateway: PgGateway,
  ): Promise<
    { paymentId: string; orderId: string; receipt: string; amount: Paise; method: string }[]
  > {
    const { rows } = await this.db.query<{
      paymentId: string;
      orderId: string;
      receipt: string;
      amount: Paise;
      method: string;
    }>(
      `SELECT p.id AS "paymentId", o.id AS "orderId", o.receipt, o.amount_paise::int AS amount,
              p.method
         FROM pg_sandbox_payments p JOIN pg_sandbox_orders o ON o.id = p.order_id
        WHERE o.gateway = $1 AND p.status = 'captured' AND p.settlement_id IS NULL
        ORDER BY p.created_at, p.id`,
      [gateway],
    );
    return rows;
  }

  async markSettled(paymentIds: string[], settlementId: string): Promise<void> {
    await this.db.query(
      `UPDATE pg_sandbox_payments SET settlement_id = $2 WHERE id = ANY($1::text[])`,
      [paymentIds, settlementId],
    );
  }
}
