import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payouts and AEPS settlements (apps/api/src/payouts): one row per request, its state machine
 * (`queued → processing → processed | failed | reversed`, and `processed → reversed` for a
 * late return), and the outbox that hands each new payout to the job queue. Money never lives
 * here: every state change is also a ledger event on the stream `payout:<id>` (or
 * `aeps-settlement:<id>`), and the hold on the wallet is the ledger's.
 */
export class Payouts1764300000002 implements MigrationInterface {
  name = 'Payouts1764300000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payouts (
        id                uuid PRIMARY KEY,
        kind              text NOT NULL CHECK (kind IN ('payout', 'aeps-settlement')),
        user_id           uuid NOT NULL REFERENCES users (id),
        unlimited         boolean NOT NULL DEFAULT false,
        account_id        uuid NOT NULL REFERENCES ledger_accounts (id),
        hold_id           uuid NOT NULL UNIQUE,
        beneficiary_id    uuid REFERENCES beneficiaries (id),
        beneficiary_name  text NOT NULL,
        account_number    text NOT NULL CHECK (account_number ~ '^[0-9]{9,18}$'),
        ifsc              text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
        bank_name         text,
        payment_mode      text NOT NULL CHECK (payment_mode IN ('IMPS', 'NEFT', 'RTGS')),
        amount            bigint NOT NULL CHECK (amount > 0),
        fee               bigint NOT NULL CHECK (fee >= 0),
        status            text NOT NULL
                          CHECK (status IN ('queued', 'processing', 'processed', 'failed', 'reversed')),
        idempotency_key   text NOT NULL,
        request_hash      text NOT NULL,
        remitter_mobile   text,
        order_seq         bigint NOT NULL,
        utr               text,
        message           text,
        -- The rail call: when the last send began (set before the call, so a crash leaves a
        -- trace that forbids a blind resend), how many sends and status checks were made.
        send_started_at   timestamptz,
        sends             integer NOT NULL DEFAULT 0,
        status_checks     integer NOT NULL DEFAULT 0,
        last_checked_at   timestamptz,
        -- When the periodic sweep should next look at it (stale in flight, or a late return).
        next_check_at     timestamptz,
        created_at        timestamptz NOT NULL,
        updated_at        timestamptz NOT NULL,
        finished_at       timestamptz,
        UNIQUE (user_id, idempotency_key),
        CHECK (status <> 'processed' OR utr IS NOT NULL)
      )`);
    await db.query(`
      CREATE INDEX payouts_user_account_idx
        ON payouts (user_id, account_number, ifsc, created_at DESC)`);
    await db.query(`
      CREATE INDEX payouts_in_flight_idx ON payouts (created_at)
        WHERE status IN ('queued', 'processing')`);
    await db.query(`
      CREATE INDEX payouts_next_check_idx ON payouts (next_check_at) WHERE next_check_at IS NOT NULL`);

    // The transactional outbox: written in the payout's own transaction, relayed to BullMQ
    // afterwards. A row stays until relayed, so a crash between commit and enqueue loses nothing.
    await db.query(`
      CREATE TABLE payout_outbox (
        payout_id    uuid PRIMARY KEY REFERENCES payouts (id),
        created_at   timestamptz NOT NULL,
        relayed_at   timestamptz,
        attempts     integer NOT NULL DEFAULT 0,
        last_error   text
      )`);
    await db.query(`
      CREATE INDEX payout_outbox_pending_idx ON payout_outbox (created_at) WHERE relayed_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE payout_outbox, payouts');
  }
}
