import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25: DMT transfers, a rail product (docs/architecture.md "Adding a rail").
 *
 * - `dmt_transfers`: one row per transfer a shop (`user_id`) makes for a remitter to one of the
 *   remitter's beneficiaries; the rail machine's columns as `payouts` has them (status, sends,
 *   checks, next look), amount and fee in paise, the scheme's shares at request and the split
 *   posted at success. `refund_state`: a failed or returned transfer's money stays held on the
 *   shop's wallet (`refund_hold_id`) until the customer's OTP confirms the refund. The month's
 *   limit is summed over `(remitter_id, created_at)` under the remitter's row lock.
 * - `dmt_transfer_outbox`: written with the transfer, relayed to the job queue by lease.
 * - `sandbox_dmt_transfers` / `sandbox_dmt_calls`: the sandbox provider's own book (one entry
 *   per reference, every call counted), kept apart from Khata's rows as a provider's would be.
 */
export class DmtTransfers1765400032100 implements MigrationInterface {
  name = 'DmtTransfers1765400032100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE dmt_transfers (
        id                   uuid PRIMARY KEY,
        user_id              uuid NOT NULL REFERENCES users (id),
        remitter_id          uuid NOT NULL REFERENCES remitters (id),
        beneficiary_id       uuid NOT NULL REFERENCES remitter_beneficiaries (id),
        account_id           uuid NOT NULL,
        hold_id              uuid NOT NULL UNIQUE,
        amount_paise         bigint NOT NULL CHECK (amount_paise > 0),
        fee_paise            bigint NOT NULL CHECK (fee_paise >= 0),
        mode                 text NOT NULL CHECK (mode IN ('IMPS', 'NEFT')),
        status               text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'processing', 'processed', 'failed', 'reversed')),
        utr                  text CHECK (length(utr) <= 100),
        message              text CHECK (length(message) <= 500),
        refund_state         text NOT NULL DEFAULT 'none'
          CHECK (refund_state IN ('none', 'pending', 'refunded')),
        refund_hold_id       uuid UNIQUE,
        refunded_at          timestamptz,
        refunded_by          uuid REFERENCES users (id),
        commission           jsonb,
        commission_split     jsonb,
        idempotency_key      text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
        request_hash         text NOT NULL,
        order_seq            bigint NOT NULL,
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
        CHECK (refund_state = 'none' OR status IN ('failed', 'reversed')),
        CHECK ((refund_state = 'none') = (refund_hold_id IS NULL)),
        CHECK ((refund_state = 'refunded') = (refunded_at IS NOT NULL))
      )`);
    await db.query(
      'CREATE INDEX dmt_transfers_remitter_month ON dmt_transfers (remitter_id, created_at)',
    );
    await db.query('CREATE INDEX dmt_transfers_user ON dmt_transfers (user_id, created_at DESC)');
    await db.query(
      `CREATE INDEX dmt_transfers_next_check ON dmt_transfers (next_check_at)
        WHERE next_check_at IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX dmt_transfers_refund_pending ON dmt_transfers (created_at)
        WHERE refund_state = 'pending'`,
    );
    await db.query(`
      CREATE TABLE dmt_transfer_outbox (
        transfer_id  uuid PRIMARY KEY REFERENCES dmt_transfers (id),
        created_at   timestamptz NOT NULL,
        relayed_at   timestamptz,
        attempts     integer NOT NULL DEFAULT 0,
        last_error   text,
        lease_until  timestamptz
      )`);
    await db.query(`
      CREATE INDEX dmt_transfer_outbox_pending ON dmt_transfer_outbox (created_at)
        WHERE relayed_at IS NULL`);
    await db.query(`
      CREATE TABLE sandbox_dmt_transfers (
        reference      text PRIMARY KEY,
        account_last4  text NOT NULL,
        amount         bigint NOT NULL,
        mode           text NOT NULL,
        status         text NOT NULL CHECK (status IN ('processed', 'failed', 'pending')),
        utr            text,
        reason         text,
        status_checks  integer NOT NULL DEFAULT 0,
        settled_at     timestamptz,
        created_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE sandbox_dmt_calls (
        id             bigserial PRIMARY KEY,
        reference      text NOT NULL,
        call           text NOT NULL CHECK (call IN ('send', 'status')),
        account_last4  text,
        at             timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX sandbox_dmt_calls_reference ON sandbox_dmt_calls (reference)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'DROP TABLE sandbox_dmt_calls, sandbox_dmt_transfers, dmt_transfer_outbox, dmt_transfers',
    );
  }
}
