import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: the sandbox AEPS provider's own book, kept apart from Khata's rows as a provider's
 * would be (as `sandbox_dmt_transfers` is for DMT).
 *
 * - `sandbox_aeps_transactions`: one entry per reference (the transaction id): its kind, the
 *   two-digit test code that chose the outcome, the status, the bank's RRN, the balance and
 *   mini statement the pretend bank reports, whether the bank debited a failed one, and how
 *   often it was asked about. No Aadhaar number and no PID: only the Aadhaar's last 4 digits,
 *   and the check refuses anything longer.
 * - `sandbox_aeps_calls`: every send and status call, counted (tests prove "sent once"), with
 *   the last 4 digits a send carried, so a call refused before the book took it is still known.
 */
export class SandboxAeps1765400032300 implements MigrationInterface {
  name = 'SandboxAeps1765400032300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sandbox_aeps_transactions (
        reference      text PRIMARY KEY,
        kind           text NOT NULL
          CHECK (kind IN ('withdrawal', 'balance', 'statement', 'aadhaarPay')),
        aadhaar_last4  text NOT NULL CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
        code           text NOT NULL CHECK (code ~ '^[0-9]{2}$'),
        amount         bigint NOT NULL CHECK (amount >= 0),
        status         text NOT NULL CHECK (status IN ('processed', 'failed', 'pending')),
        rrn            text,
        reason         text,
        balance_paise  bigint,
        statement      jsonb,
        bank_debited   boolean NOT NULL DEFAULT false,
        status_checks  integer NOT NULL DEFAULT 0,
        settled_at     timestamptz,
        created_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE sandbox_aeps_calls (
        id             bigserial PRIMARY KEY,
        reference      text NOT NULL,
        call           text NOT NULL CHECK (call IN ('send', 'status')),
        aadhaar_last4  text CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
        at             timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX sandbox_aeps_calls_reference ON sandbox_aeps_calls (reference)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE sandbox_aeps_calls, sandbox_aeps_transactions');
  }
}
