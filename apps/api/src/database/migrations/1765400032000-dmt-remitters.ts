import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25: the walk-in customers of domestic money transfer. A remitter is one person across
 * the company (its mobile is unique: the same mobile at two shops is one remitter, with one
 * monthly limit). Its identity document is sealed under DATA_KEY as PANs are (issue 31), its
 * last 4 characters kept to tell documents apart; no Aadhaar number has a column.
 * A beneficiary's account number is sealed with its LOOKUP_KEY hash, as payouts' are.
 * `customer_otps` are the OTPs Khata sends to a remitter's mobile to confirm one act: `binding`
 * names what the code approves, only a keyed hash of the code is kept, `voided_at` ends a code
 * replaced by a newer one or spent by its last wrong try.
 */
export class DmtRemitters1765400032000 implements MigrationInterface {
  name = 'DmtRemitters1765400032000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE remitters (
        id               uuid PRIMARY KEY,
        mobile           text NOT NULL UNIQUE CHECK (mobile ~ '^[0-9]{10}$'),
        name             text NOT NULL CHECK (length(name) BETWEEN 2 AND 120),
        date_of_birth    date NOT NULL,
        address          text NOT NULL CHECK (length(address) BETWEEN 10 AND 200),
        pin_code         text NOT NULL CHECK (pin_code ~ '^[1-9][0-9]{5}$'),
        document_type    text NOT NULL CHECK (document_type IN
          ('passport', 'drivingLicence', 'voterId', 'nregaJobCard', 'nprLetter')),
        document_sealed  text NOT NULL,
        document_last4   text NOT NULL CHECK (length(document_last4) BETWEEN 1 AND 4),
        state            text NOT NULL DEFAULT 'otpPending'
          CHECK (state IN ('otpPending', 'registered', 'ekycDone')),
        ekyc_at          timestamptz,
        ekyc_reference   text CHECK (length(ekyc_reference) BETWEEN 1 AND 100),
        registered_by    uuid NOT NULL REFERENCES users (id),
        created_at       timestamptz NOT NULL,
        registered_at    timestamptz,
        CHECK ((state = 'otpPending') = (registered_at IS NULL)),
        CHECK ((state = 'ekycDone') = (ekyc_at IS NOT NULL))
      )`);

    await db.query(`
      CREATE TABLE remitter_beneficiaries (
        id              uuid PRIMARY KEY,
        remitter_id     uuid NOT NULL REFERENCES remitters (id),
        name            text NOT NULL CHECK (length(name) BETWEEN 2 AND 120),
        bank_name       text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 100),
        ifsc            text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
        account_sealed  text NOT NULL,
        account_hash    bytea NOT NULL,
        account_last4   text NOT NULL CHECK (account_last4 ~ '^[0-9]{4}$'),
        verified_name   text CHECK (length(verified_name) <= 200),
        state           text NOT NULL DEFAULT 'otpPending'
          CHECK (state IN ('otpPending', 'active', 'deleted')),
        added_by        uuid NOT NULL REFERENCES users (id),
        created_at      timestamptz NOT NULL,
        activated_at    timestamptz,
        deleted_at      timestamptz,
        CHECK ((state = 'deleted') = (deleted_at IS NOT NULL)),
        CHECK (state <> 'active' OR activated_at IS NOT NULL)
      )`);
    await db.query(`
      CREATE UNIQUE INDEX remitter_beneficiaries_account_uniq
        ON remitter_beneficiaries (remitter_id, account_hash, ifsc) WHERE state <> 'deleted'`);
    await db.query(`
      CREATE INDEX remitter_beneficiaries_remitter_idx
        ON remitter_beneficiaries (remitter_id, created_at) WHERE state <> 'deleted'`);

    await db.query(`
      CREATE TABLE customer_otps (
        id            uuid PRIMARY KEY,
        remitter_id   uuid NOT NULL REFERENCES remitters (id),
        purpose       text NOT NULL CHECK (purpose IN
          ('register', 'addBeneficiary', 'deleteBeneficiary', 'transfer', 'refund')),
        binding       text NOT NULL CHECK (length(binding) BETWEEN 1 AND 200),
        otp_hash      bytea NOT NULL,
        attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        requested_by  uuid NOT NULL REFERENCES users (id),
        created_at    timestamptz NOT NULL,
        expires_at    timestamptz NOT NULL,
        used_at       timestamptz,
        voided_at     timestamptz,
        CHECK (expires_at > created_at),
        CHECK (used_at IS NULL OR voided_at IS NULL)
      )`);
    await db.query(`
      CREATE INDEX customer_otps_binding_idx
        ON customer_otps (remitter_id, purpose, binding, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE customer_otps');
    await db.query('DROP TABLE remitter_beneficiaries');
    await db.query('DROP TABLE remitters');
  }
}
