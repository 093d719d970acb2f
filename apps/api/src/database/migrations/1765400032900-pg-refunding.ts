import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A gateway refund asked outside the database transaction (session 20). Before, the gateway was
 * called inside the transaction that debited the wallet, holding the order's and the accounts'
 * locks over a network call, and a commit that failed after the gateway refunded would have
 * lost the debit. Now the reversal commits first (`refunding`), the gateway is asked after it
 * with a reference that makes a repeated ask the same refund, and its answer ends the refund:
 * `refunded`, or the credit restored when it refuses.
 *
 * - `refund_attempts` numbers the asks, so a refund asked again after a refusal is a new ledger
 *   event (its idempotency key carries the number), not a replay of the first reversal.
 * - `pg_sandbox_payments.refund_id`: the sandbox gateway keeps its refund, as a gateway does, so
 *   the same ask answers the same refund.
 */
export class PgRefunding1765400032900 implements MigrationInterface {
  name = 'PgRefunding1765400032900';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE pg_orders DROP CONSTRAINT pg_orders_status_check,
        ADD CONSTRAINT pg_orders_status_check CHECK (status IN
          ('created', 'attempted', 'paid', 'failed', 'refunding', 'refunded', 'settled')),
        ADD COLUMN refund_attempts integer NOT NULL DEFAULT 0`);
    await db.query(
      `CREATE INDEX pg_orders_refunding ON pg_orders (updated_at) WHERE status = 'refunding'`,
    );
    await db.query(
      `ALTER TABLE pg_sandbox_payments ADD COLUMN refund_id text CHECK (length(refund_id) <= 60)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pg_sandbox_payments DROP COLUMN refund_id`);
    await db.query(`DROP INDEX pg_orders_refunding`);
    await db.query(`UPDATE pg_orders SET status = 'refunded' WHERE status = 'refunding'`);
    await db.query(`
      ALTER TABLE pg_orders DROP COLUMN refund_attempts, DROP CONSTRAINT pg_orders_status_check,
        ADD CONSTRAINT pg_orders_status_check CHECK (status IN
          ('created', 'attempted', 'paid', 'failed', 'refunded', 'settled'))`);
  }
}
