import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved beneficiaries (spec §3): bank accounts a user pays out to, and the AEPS settlement
 * accounts (at most 2 live, approved by an admin). Rows are soft-deleted so payouts keep
 * pointing at the account they paid. Also the penny-drop results (`bank_account_checks`) and
 * the one-time passwords of the DMT registration step (`beneficiary_otps`, hashed).
 */
export class Beneficiaries1764200000000 implements MigrationInterface {
  name = 'Beneficiaries1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE beneficiaries (
        id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id              uuid NOT NULL REFERENCES users (id),
        kind                  text NOT NULL CHECK (kind IN ('bank', 'aeps')),
        type                  text CHECK (type IN ('payout', 'dmt')),
        name                  text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
        bank_name             text NOT NULL CHECK (char_length(bank_name) BETWEEN 1 AND 120),
        account_number        text NOT NULL CHECK (account_number ~ '^[0-9]{9,18}$'),
        ifsc                  text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
        beneficiary_mobile    text CHECK (beneficiary_mobile ~ '^[0-9]{10}$'),
        remitter_mobile       text CHECK (remitter_mobile ~ '^[0-9]{10}$'),
        status                text NOT NULL CHECK (status IN ('verified', 'pending')),
        activation_status     text CHECK (activation_status IN ('pending', 'approved', 'rejected')),
        activation_remark     text,
        activation_decided_by uuid REFERENCES users (id),
        activation_decided_at timestamptz,
        reference_key         text,
        payee_name            text,
        registered_at         timestamptz,
        created_at            timestamptz NOT NULL DEFAULT now(),
        deleted_at            timestamptz,
        CHECK ((kind = 'aeps') = (activation_status IS NOT NULL)),
        CHECK ((kind = 'aeps') = (type IS NULL)),
        CHECK (status = 'pending' OR payee_name IS NOT NULL)
      )`);
    // One live row per account and kind for an owner; a rejected AEPS request frees its slot.
    await db.query(`
      CREATE UNIQUE INDEX beneficiaries_owner_account_uniq
        ON beneficiaries (owner_id, kind, account_number, ifsc)
        WHERE deleted_at IS NULL AND activation_status IS DISTINCT FROM 'rejected'`);
    await db.query(`
      CREATE INDEX beneficiaries_owner_idx ON beneficiaries (owner_id, created_at DESC)
        WHERE deleted_at IS NULL`);
    await db.query(`
      CREATE INDEX beneficiaries_aeps_pending_idx ON beneficiaries (created_at)
        WHERE kind = 'aeps' AND activation_status = 'pending' AND deleted_at IS NULL`);

    // Every penny drop a user asked for: a saved beneficiary is "verified" only when one of
    // these returned a payee name for the same account, never on the client's word.
    await db.query(`
      CREATE TABLE bank_account_checks (
        id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id        uuid NOT NULL REFERENCES users (id),
        account_number  text NOT NULL CHECK (account_number ~ '^[0-9]{9,18}$'),
        ifsc            text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
        verified        boolean NOT NULL,
        payee_name      text,
        reason          text,
        checked_at      timestamptz NOT NULL DEFAULT now(),
        CHECK (verified = (payee_name IS NOT NULL))
      )`);
    await db.query(`
      CREATE INDEX bank_account_checks_lookup_idx
        ON bank_account_checks (owner_id, account_number, ifsc, checked_at DESC)`);

    // The DMT registration OTP: only its keyed hash is kept, with an expiry and a try count.
    await db.query(`
      CREATE TABLE beneficiary_otps (
        reference_key   text PRIMARY KEY,
        beneficiary_id  uuid NOT NULL REFERENCES beneficiaries (id),
        mobile          text NOT NULL CHECK (mobile ~ '^[0-9]{10}$'),
        otp_hash        bytea NOT NULL,
        attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        created_at      timestamptz NOT NULL DEFAULT now(),
        expires_at      timestamptz NOT NULL,
        used_at         timestamptz
      )`);
    await db.query(
      'CREATE INDEX beneficiary_otps_beneficiary_idx ON beneficiary_otps (beneficiary_id)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE beneficiary_otps, bank_account_checks, beneficiaries');
  }
}
