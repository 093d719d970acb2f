import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: the sandbox BBPS provider's own book, kept apart from Khata's rows as a BBPOU's
 * would be (as `sandbox_aeps_transactions` is for AEPS).
 *
 * - `sandbox_bbps_payments`: one payment per reference (Khata's payment id): the biller, the
 *   two-digit test code that chose the outcome, the amount and CCF, the status, the BBPS
 *   transaction reference (`txnRefId`, unique) and the biller's approval number, the response
 *   code, and how often it was asked about. No customer parameters are kept.
 * - `sandbox_bbps_calls`: every fetch, send and status call, counted (tests prove "sent once"
 *   and "refused before any call"); a fetch has a biller and no reference.
 * - `sandbox_bbps_complaints`: the complaints it registered, with the id it gave (`CC01`, the
 *   year and month, a 7-digit number from `sandbox_bbps_complaint_numbers`) and their status.
 */
export class SandboxBbps1765400032450 implements MigrationInterface {
  name = 'SandboxBbps1765400032450';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sandbox_bbps_payments (
        reference        text PRIMARY KEY,
        biller_id        text NOT NULL,
        code             text NOT NULL CHECK (code ~ '^[0-9]{2}$'),
        amount           bigint NOT NULL CHECK (amount >= 0),
        ccf              bigint NOT NULL CHECK (ccf >= 0),
        status           text NOT NULL CHECK (status IN ('processed', 'failed', 'pending')),
        txn_ref_id       text UNIQUE CHECK (txn_ref_id ~ '^[A-Z0-9]{20}$'),
        approval_ref     text,
        response_code    text,
        response_reason  text,
        reason           text,
        status_checks    integer NOT NULL DEFAULT 0,
        settled_at       timestamptz,
        created_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE sandbox_bbps_calls (
        id         bigserial PRIMARY KEY,
        call       text NOT NULL CHECK (call IN ('fetch', 'send', 'status')),
        biller_id  text,
        reference  text,
        at         timestamptz NOT NULL DEFAULT now(),
        CHECK (call = 'fetch' OR reference IS NOT NULL)
      )`);
    await db.query('CREATE INDEX sandbox_bbps_calls_reference ON sandbox_bbps_calls (reference)');
    await db.query('CREATE INDEX sandbox_bbps_calls_biller ON sandbox_bbps_calls (biller_id)');
    await db.query('CREATE SEQUENCE sandbox_bbps_complaint_numbers');
    await db.query(`
      CREATE TABLE sandbox_bbps_complaints (
        complaint_id  text PRIMARY KEY CHECK (complaint_id ~ '^CC01[0-9]{11}$'),
        type          text NOT NULL CHECK (type IN ('transaction', 'service')),
        txn_ref_id    text REFERENCES sandbox_bbps_payments (txn_ref_id),
        disposition   text NOT NULL,
        description   text NOT NULL,
        assign_to     text NOT NULL,
        resolution    text NOT NULL,
        status        text NOT NULL CHECK (status IN ('logged', 'assigned', 'resolved')),
        assigned_to   text,
        remarks       text,
        created_at    timestamptz NOT NULL DEFAULT now(),
        CHECK ((type = 'transaction') = (txn_ref_id IS NOT NULL))
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE sandbox_bbps_complaints, sandbox_bbps_calls, sandbox_bbps_payments');
    await db.query('DROP SEQUENCE sandbox_bbps_complaint_numbers');
  }
}
