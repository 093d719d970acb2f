import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, AEPS at the counter: a rail product (docs/architecture.md "Adding a rail").
 *
 * - `aeps_agents`: the shop owner's e-KYC with the provider, once (the provider's reference).
 * - `aeps_daily_auths`: the owner's daily authentication, one per shop per India day.
 * - `aeps_transactions`: one row per cash withdrawal, balance enquiry, mini statement or Aadhaar
 *   Pay; the rail machine's columns as `dmt_transfers` has them. The customer is kept as the
 *   masked last four digits and a keyed token (`customer_token`, DataAtRest.aadhaarToken) that
 *   the 5-withdrawals-a-day count reads: never the Aadhaar number, never the PID block.
 * - `aeps_pid_digests`: the SHA-256 of every PID block taken, so a replayed capture is refused.
 * - `aeps` becomes a commission-scheme service: the slab's `fee` is the commission the company
 *   pays on a withdrawal, the uplines' shares come out of it and the shop gets the rest
 *   (libs/domain `aepsCommissionSplit`). The shipped scheme (DEFAULT_SCHEMES.aeps as it stood
 *   when this shipped, frozen below) is every role's default.
 */
export class AepsTransactions1765400032250 implements MigrationInterface {
  name = 'AepsTransactions1765400032250';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE aeps_agents (
        user_id             uuid PRIMARY KEY REFERENCES users (id),
        provider_reference  text NOT NULL CHECK (length(provider_reference) BETWEEN 1 AND 100),
        registered_at       timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE aeps_daily_auths (
        user_id             uuid NOT NULL REFERENCES users (id),
        day                 date NOT NULL,
        provider_reference  text NOT NULL CHECK (length(provider_reference) BETWEEN 1 AND 100),
        created_at          timestamptz NOT NULL,
        PRIMARY KEY (user_id, day)
      )`);
    await db.query(`
      CREATE TABLE aeps_transactions (
        id                   uuid PRIMARY KEY,
        user_id              uuid NOT NULL REFERENCES users (id),
        kind                 text NOT NULL
          CHECK (kind IN ('withdrawal', 'balance', 'statement', 'aadhaarPay')),
        business_day         date NOT NULL,
        customer_token       text NOT NULL CHECK (length(customer_token) = 64),
        aadhaar_last4        text NOT NULL CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
        bank_iin             text NOT NULL CHECK (bank_iin ~ '^[0-9]{6}$'),
        mobile               text NOT NULL CHECK (mobile ~ '^[0-9]{10}$'),
        amount_paise         bigint NOT NULL CHECK (amount_paise >= 0),
        status               text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'processing', 'processed', 'failed')),
        rrn                  text CHECK (length(rrn) <= 100),
        message              text CHECK (length(message) <= 500),
        customer_balance     bigint,
        statement            jsonb,
        bank_debited         boolean NOT NULL DEFAULT false,
        agent_auth_reference text,
        commission           jsonb,
        commission_split     jsonb,
        merchant_fee_paise   bigint NOT NULL DEFAULT 0 CHECK (merchant_fee_paise >= 0),
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
        UNIQUE (user_id, idempotency_key),
        CHECK ((kind IN ('withdrawal', 'aadhaarPay')) = (amount_paise > 0)),
        CHECK (NOT bank_debited OR status = 'failed')
      )`);
    await db.query(
      `CREATE INDEX aeps_transactions_customer_day
         ON aeps_transactions (user_id, customer_token, business_day) WHERE kind = 'withdrawal'`,
    );
    await db.query(
      'CREATE INDEX aeps_transactions_user ON aeps_transactions (user_id, created_at DESC)',
    );
    await db.query('CREATE INDEX aeps_transactions_created ON aeps_transactions (created_at DESC)');
    await db.query(
      `CREATE INDEX aeps_transactions_next_check ON aeps_transactions (next_check_at)
        WHERE next_check_at IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE aeps_pid_digests (
        digest   text PRIMARY KEY CHECK (length(digest) = 64),
        seen_at  timestamptz NOT NULL
      )`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi', 'aeps'))`);
    const rows: { id: string }[] = await db.query(
      `INSERT INTO commission_schemes (name, service, slabs) VALUES ($1, 'aeps', $2) RETURNING id`,
      ['Standard AEPS commission', JSON.stringify(SLABS)],
    );
    await db.query(
      `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id)
       SELECT role_kind, 'aeps', $1
         FROM unnest(ARRAY['admin', 'sdistributor', 'coDistributor', 'distributor',
                           'employee1', 'employee2', 'user', 'partner']) AS role_kind`,
      [rows[0]!.id],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM commission_scheme_assignments WHERE service = 'aeps'`);
    await db.query(`DELETE FROM commission_scheme_defaults WHERE service = 'aeps'`);
    await db.query(`DELETE FROM commission_schemes WHERE service = 'aeps'`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi'))`);
    await db.query('DROP TABLE aeps_pid_digests, aeps_transactions, aeps_daily_auths, aeps_agents');
  }
}

/** DEFAULT_SCHEMES.aeps, frozen: the commission on a withdrawal, the uplines' shares in it. */
const SLABS = [
  {
    upTo: 499,
    fee: { flatBase: 1.5 },
    distributor: { flatBase: 0.3 },
    superDistributor: { flatBase: 0.2 },
  },
  {
    upTo: 999,
    fee: { flatBase: 4 },
    distributor: { flatBase: 0.5 },
    superDistributor: { flatBase: 0.25 },
  },
  {
    upTo: 1999,
    fee: { flatBase: 8 },
    distributor: { flatBase: 0.75 },
    superDistributor: { flatBase: 0.35 },
  },
  {
    upTo: 2999,
    fee: { flatBase: 13 },
    distributor: { flatBase: 1 },
    superDistributor: { flatBase: 0.5 },
  },
  {
    upTo: null,
    fee: { flatBase: 15.5 },
    distributor: { flatBase: 1.25 },
    superDistributor: { flatBase: 0.6 },
  },
];
