import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27, bill payments through Bharat BillPay: a rail product (docs/architecture.md "Adding a
 * rail") with a synced catalogue.
 *
 * - `bbps_categories`, `bbps_billers`: the provider's catalogue as the last sync found it (the
 *   console reads these, never a list of its own); a biller the provider stops listing is kept
 *   inactive, so old receipts still name it. `bbps_catalogue_syncs` notes each sync.
 * - `bbps_bill_fetches`: each bill fetched, so a payment is checked against the bill the shop
 *   saw (amount exactness, the customer's parameters), not against what the browser sends.
 * - `bbps_payments`: one row per payment; the rail machine's columns as `aeps_transactions` has
 *   them. `bill_key` names the bill (biller, parameters, bill number; an ad hoc payment adds the
 *   amount and the India day): at most one payment of a bill is live (queued, processing or
 *   processed) at a time, by a partial unique index, so a burst pays it once.
 * - `commission_schemes.category_slabs`: a bbps scheme's slabs per BBPS category; `bbps` becomes
 *   an earning scheme service and DEFAULT_SCHEMES.bbps (frozen below) every role's default.
 */
export class Bbps1765400032400 implements MigrationInterface {
  name = 'Bbps1765400032400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE bbps_categories (
        code       text PRIMARY KEY CHECK (code ~ '^[a-z0-9-]{1,40}$'),
        name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        position   integer NOT NULL,
        synced_at  timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE bbps_billers (
        id             text PRIMARY KEY CHECK (id ~ '^[A-Z0-9]{6,20}$'),
        name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        category_code  text NOT NULL REFERENCES bbps_categories (code),
        coverage       text NOT NULL,
        params         jsonb NOT NULL,
        can_fetch      boolean NOT NULL,
        adhoc          boolean NOT NULL,
        exactness      text NOT NULL
          CHECK (exactness IN ('EXACT', 'EXACT_AND_ABOVE', 'EXACT_AND_BELOW', 'ANY')),
        ccf            jsonb NOT NULL DEFAULT '[]',
        active         boolean NOT NULL,
        synced_at      timestamptz NOT NULL,
        CHECK (can_fetch OR adhoc)
      )`);
    await db.query('CREATE INDEX bbps_billers_category ON bbps_billers (category_code, name)');
    await db.query(`
      CREATE TABLE bbps_catalogue_syncs (
        id          bigserial PRIMARY KEY,
        at          timestamptz NOT NULL,
        categories  integer NOT NULL,
        billers     integer NOT NULL,
        retired     integer NOT NULL
      )`);
    await db.query(`
      CREATE TABLE bbps_bill_fetches (
        id               uuid PRIMARY KEY,
        user_id          uuid NOT NULL REFERENCES users (id),
        biller_id        text NOT NULL REFERENCES bbps_billers (id),
        params           jsonb NOT NULL,
        customer_mobile  text NOT NULL CHECK (customer_mobile ~ '^[0-9]{10}$'),
        fetch_ref        text NOT NULL CHECK (length(fetch_ref) BETWEEN 1 AND 100),
        customer_name    text NOT NULL,
        bill_number      text NOT NULL,
        bill_date        date,
        due_date         date,
        bill_period      text,
        amount_paise     bigint NOT NULL CHECK (amount_paise > 0),
        early_amount     bigint,
        early_until      date,
        late_amount      bigint,
        fetched_at       timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE bbps_payments (
        id                   uuid PRIMARY KEY,
        user_id              uuid NOT NULL REFERENCES users (id),
        biller_id            text NOT NULL REFERENCES bbps_billers (id),
        category_code        text NOT NULL,
        params               jsonb NOT NULL,
        customer_mobile      text NOT NULL CHECK (customer_mobile ~ '^[0-9]{10}$'),
        fetch_id             uuid REFERENCES bbps_bill_fetches (id),
        fetch_ref            text,
        customer_name        text,
        bill_number          text,
        bill_date            date,
        due_date             date,
        bill_period          text,
        bill_key             text NOT NULL,
        amount_paise         bigint NOT NULL CHECK (amount_paise > 0),
        ccf_paise            bigint NOT NULL CHECK (ccf_paise >= 0),
        ref_id               text NOT NULL UNIQUE CHECK (ref_id ~ '^[A-Z0-9]{35}$'),
        agent                jsonb NOT NULL,
        account_id           uuid NOT NULL,
        hold_id              uuid NOT NULL,
        status               text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'processing', 'processed', 'failed')),
        bbps_reference       text CHECK (length(bbps_reference) <= 40),
        approval_ref         text CHECK (length(approval_ref) <= 60),
        message              text CHECK (length(message) <= 500),
        commission           jsonb,
        commission_split     jsonb,
        idempotency_key      text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
        request_hash         text NOT NULL,
        send_started_at      timestamptz,
        sends                integer NOT NULL DEFAULT 0,
        processing_recorded  boolean NOT NULL DEFAULT false,
        status_checks        integer NOT NULL DEFAULT 0,
        last_checked_at      timestamptz,
        next_check_at        timestamptz,
        created_at           timestamptz NOT NULL,
        updated_at           timestamptz NOT NULL,
        finished_at          timestamptz,
        UNIQUE (user_id, idempotency_key)
      )`);
    await db.query(
      `CREATE UNIQUE INDEX bbps_payments_live_bill ON bbps_payments (bill_key)
        WHERE status <> 'failed'`,
    );
    await db.query('CREATE INDEX bbps_payments_user ON bbps_payments (user_id, created_at DESC)');
    await db.query('CREATE INDEX bbps_payments_created ON bbps_payments (created_at DESC)');
    await db.query(
      `CREATE INDEX bbps_payments_next_check ON bbps_payments (next_check_at)
        WHERE next_check_at IS NOT NULL`,
    );
    await db.query(`ALTER TABLE commission_schemes ADD COLUMN category_slabs jsonb`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi', 'aeps', 'bbps')),
        ADD CONSTRAINT commission_schemes_category_slabs_check
          CHECK (category_slabs IS NULL OR service = 'bbps')`);
    const rows: { id: string }[] = await db.query(
      `INSERT INTO commission_schemes (name, service, slabs, category_slabs)
       VALUES ($1, 'bbps', $2, $3) RETURNING id`,
      ['Standard bill payments', JSON.stringify(SLABS), JSON.stringify(CATEGORY_SLABS)],
    );
    await db.query(
      `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id)
       SELECT role_kind, 'bbps', $1
         FROM unnest(ARRAY['admin', 'sdistributor', 'coDistributor', 'distributor',
                           'employee1', 'employee2', 'user', 'partner']) AS role_kind`,
      [rows[0]!.id],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM commission_scheme_assignments WHERE service = 'bbps'`);
    await db.query(`DELETE FROM commission_scheme_defaults WHERE service = 'bbps'`);
    await db.query(`DELETE FROM commission_schemes WHERE service = 'bbps'`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_category_slabs_check,
        DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi', 'aeps'))`);
    await db.query('ALTER TABLE commission_schemes DROP COLUMN category_slabs');
    await db.query(
      'DROP TABLE bbps_payments, bbps_bill_fetches, bbps_catalogue_syncs, bbps_billers, bbps_categories',
    );
  }
}

const flat = (fee: number, distributor: number, superDistributor: number) => ({
  upTo: null,
  fee: { flatBase: fee },
  distributor: { flatBase: distributor },
  superDistributor: { flatBase: superDistributor },
});

const halfPercent = {
  upTo: null,
  fee: { percentBase: 0.5 },
  distributor: { percentBase: 0.05 },
  superDistributor: { percentBase: 0.03 },
};

/** DEFAULT_SCHEMES.bbps, frozen: the shop's commission on a bill, the uplines' shares in it. */
const SLABS = [
  { ...flat(2, 0.3, 0.2), upTo: 1_000 },
  {
    upTo: null,
    fee: { percentBase: 0.2 },
    distributor: { percentBase: 0.03 },
    superDistributor: { percentBase: 0.02 },
  },
];

const CATEGORY_SLABS = {
  'mobile-postpaid': [halfPercent],
  dth: [halfPercent],
  fastag: [halfPercent],
  'loan-emi': [flat(5, 0.5, 0.3)],
  insurance: [flat(5, 0.5, 0.3)],
  education: [flat(5, 0.5, 0.3)],
  'credit-card': [flat(0, 0, 0)],
};
