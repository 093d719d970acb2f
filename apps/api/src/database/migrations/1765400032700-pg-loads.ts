import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28, wallet loads through a payment gateway (docs/decisions.md "Issue 28").
 *
 * - `pg_orders`: one row per load, our order. `receipt` (the gateway's receipt: our order id,
 *   unique) and `(gateway, gateway_order_id)` are unique; the amounts are fixed at creation (the
 *   charge the user was shown). The status is the order machine's (libs/domain gateway-loads/orders.ts).
 * - `pg_events`: every gateway event applied, unique per `(gateway, event_id)`: inserted in the
 *   same transaction as the ledger credit, so a webhook delivered twice (or ten times at once)
 *   credits once; the credit's own ledger idempotency key is the order's (a second guard).
 * - `pg_settlements`: each settlement file imported, its rows on the orders (`settlement_id`).
 * - `pg_sandbox_orders`, `pg_sandbox_payments`: the sandbox gateway's own book (what a real
 *   gateway keeps on its side), read by its hosted page, its fetch and its settlement file.
 * - The `pgLoad` scheme service with slabs per method (`category_slabs`), its shipped scheme
 *   (DEFAULT_SCHEMES.pgLoad, frozen below) every role's default.
 */
export class PgLoads1765400032700 implements MigrationInterface {
  name = 'PgLoads1765400032700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE pg_settlements (
        id            text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 60),
        gateway       text NOT NULL CHECK (gateway IN ('pay10', 'finkeda', 'paycel')),
        utr           text NOT NULL CHECK (length(utr) BETWEEN 1 AND 40),
        settled_on    date NOT NULL,
        orders        integer NOT NULL,
        amount_paise  bigint NOT NULL,
        fee_paise     bigint NOT NULL,
        tax_paise     bigint NOT NULL,
        net_paise     bigint NOT NULL,
        imported_by   uuid NOT NULL REFERENCES users (id),
        imported_at   timestamptz NOT NULL,
        CHECK (amount_paise = fee_paise + tax_paise + net_paise)
      )`);
    await db.query(`
      CREATE TABLE pg_orders (
        id                uuid PRIMARY KEY,
        receipt           text NOT NULL UNIQUE CHECK (receipt ~ '^[A-Za-z0-9_]{1,40}$'),
        user_id           uuid NOT NULL REFERENCES users (id),
        gateway           text NOT NULL CHECK (gateway IN ('pay10', 'finkeda', 'paycel')),
        method            text NOT NULL CHECK (method IN ('upi', 'card', 'netbanking')),
        gateway_order_id  text NOT NULL CHECK (length(gateway_order_id) BETWEEN 1 AND 60),
        amount_paise      bigint NOT NULL CHECK (amount_paise > 0),
        fee_paise         bigint NOT NULL CHECK (fee_paise >= 0),
        gst_paise         bigint NOT NULL CHECK (gst_paise >= 0),
        gst_rate_bp       integer NOT NULL,
        credited_paise    bigint NOT NULL CHECK (credited_paise > 0),
        status            text NOT NULL DEFAULT 'created'
          CHECK (status IN ('created', 'attempted', 'paid', 'failed', 'refunded', 'settled')),
        payment_id        text CHECK (length(payment_id) <= 60),
        failure_reason    text CHECK (length(failure_reason) <= 300),
        refund_id         text CHECK (length(refund_id) <= 60),
        settlement_id     text REFERENCES pg_settlements (id),
        idempotency_key   text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
        request_hash      text NOT NULL,
        checks            integer NOT NULL DEFAULT 0,
        last_checked_at   timestamptz,
        created_at        timestamptz NOT NULL,
        updated_at        timestamptz NOT NULL,
        paid_at           timestamptz,
        refunded_at       timestamptz,
        settled_at        timestamptz,
        UNIQUE (gateway, gateway_order_id),
        UNIQUE (user_id, idempotency_key),
        CHECK (amount_paise = fee_paise + gst_paise + credited_paise)
      )`);
    await db.query('CREATE INDEX pg_orders_user ON pg_orders (user_id, created_at DESC)');
    await db.query('CREATE INDEX pg_orders_created ON pg_orders (created_at DESC)');
    await db.query(
      `CREATE INDEX pg_orders_open ON pg_orders (created_at)
        WHERE status IN ('created', 'attempted', 'failed')`,
    );
    await db.query('CREATE INDEX pg_orders_payment ON pg_orders (payment_id)');
    await db.query(`
      CREATE TABLE pg_events (
        id           bigserial PRIMARY KEY,
        gateway      text NOT NULL,
        event_id     text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 100),
        order_id     uuid NOT NULL REFERENCES pg_orders (id),
        kind         text NOT NULL,
        payment_id   text,
        applied      boolean NOT NULL,
        received_at  timestamptz NOT NULL,
        UNIQUE (gateway, event_id)
      )`);
    await db.query('CREATE INDEX pg_events_order ON pg_events (order_id, id)');
    await db.query(`
      CREATE TABLE pg_sandbox_orders (
        id            text PRIMARY KEY,
        gateway       text NOT NULL,
        receipt       text NOT NULL,
        amount_paise  bigint NOT NULL,
        return_path   text NOT NULL,
        status        text NOT NULL CHECK (status IN ('created', 'attempted', 'paid')),
        created_at    timestamptz NOT NULL,
        UNIQUE (gateway, receipt)
      )`);
    await db.query(`
      CREATE TABLE pg_sandbox_payments (
        id            text PRIMARY KEY,
        order_id      text NOT NULL REFERENCES pg_sandbox_orders (id),
        method        text NOT NULL,
        status        text NOT NULL
          CHECK (status IN ('created', 'authorized', 'captured', 'failed', 'refunded')),
        error         text,
        settlement_id text,
        created_at    timestamptz NOT NULL,
        updated_at    timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX pg_sandbox_payments_order ON pg_sandbox_payments (order_id)');
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_category_slabs_check,
        DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi', 'aeps', 'bbps', 'pgLoad')),
        ADD CONSTRAINT commission_schemes_category_slabs_check
          CHECK (category_slabs IS NULL OR service IN ('bbps', 'pgLoad'))`);
    const rows: { id: string }[] = await db.query(
      `INSERT INTO commission_schemes (name, service, slabs, category_slabs)
       VALUES ($1, 'pgLoad', $2, $3) RETURNING id`,
      ['Standard gateway load', JSON.stringify(SLABS), JSON.stringify(CATEGORY_SLABS)],
    );
    await db.query(
      `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id)
       SELECT role_kind, 'pgLoad', $1
         FROM unnest(ARRAY['admin', 'sdistributor', 'coDistributor', 'distributor',
                           'employee1', 'employee2', 'user', 'partner']) AS role_kind`,
      [rows[0]!.id],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM commission_scheme_assignments WHERE service = 'pgLoad'`);
    await db.query(`DELETE FROM commission_scheme_defaults WHERE service = 'pgLoad'`);
    await db.query(`DELETE FROM commission_schemes WHERE service = 'pgLoad'`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_category_slabs_check,
        DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi', 'aeps', 'bbps')),
        ADD CONSTRAINT commission_schemes_category_slabs_check
          CHECK (category_slabs IS NULL OR service = 'bbps')`);
    await db.query(
      'DROP TABLE pg_sandbox_payments, pg_sandbox_orders, pg_events, pg_orders, pg_settlements',
    );
  }
}

const percent = (fee: number) => ({
  upTo: null,
  fee: { percentBase: fee },
  distributor: { flatBase: 0 },
  superDistributor: { flatBase: 0 },
});

/** DEFAULT_SCHEMES.pgLoad, frozen: the gateway's fee by method, before GST. */
const SLABS = [percent(1.2)];
const CATEGORY_SLABS = {
  upi: [percent(0.5)],
  card: [percent(1.8)],
  netbanking: [{ ...percent(0), upTo: 10_000, fee: { flatBase: 12 } }, percent(1.2)],
};
