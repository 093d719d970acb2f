import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28, rent agreements from draft to e-signed PDF (docs/decisions.md, "Issue 28: rent
 * agreements").
 *
 * - `rent_agreements`: one row per agreement a shop drafts; the terms, the price charged (stamp
 *   duty, service charge, the stamp rule in force that day), the state and the time of each,
 *   the payment's Idempotency-Key (one payment per agreement: the row is locked to pay it), the
 *   e-stamp certificate, and the signed PDF once every party signed (kept, never re-made).
 * - `rent_parties`: landlords and tenants; a PAN sealed with DATA_KEY (as users' and KYC's PANs
 *   are, issue 19) or an Aadhaar's last 4 digits only, never the number. The
 *   e-sign OTP is kept as a keyed hash while open (never the code), with its tries.
 * - `rent_agreement_events`: the timeline, one row per step.
 * - `rent` becomes an earning scheme service, DEFAULT_SCHEMES.rent (frozen below) every role's
 *   default.
 */
export class RentAgreements1765400032800 implements MigrationInterface {
  name = 'RentAgreements1765400032800';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rent_agreements (
        id                   uuid PRIMARY KEY,
        reference            text NOT NULL UNIQUE CHECK (reference ~ '^RA[0-9A-Z]{10}$'),
        user_id              uuid NOT NULL REFERENCES users (id),
        state                text NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
        city                 text NOT NULL,
        property_address     text NOT NULL,
        property_kind        text NOT NULL CHECK (property_kind IN ('residential', 'commercial')),
        rent_paise           bigint NOT NULL CHECK (rent_paise > 0),
        deposit_paise        bigint NOT NULL CHECK (deposit_paise >= 0),
        maintenance_paise    bigint NOT NULL CHECK (maintenance_paise >= 0),
        start_date           date NOT NULL,
        term_months          integer NOT NULL CHECK (term_months BETWEEN 1 AND 60),
        lock_in_months       integer NOT NULL CHECK (lock_in_months BETWEEN 0 AND term_months),
        notice_months        integer NOT NULL CHECK (notice_months >= 0),
        yearly_increase_bp   integer NOT NULL CHECK (yearly_increase_bp BETWEEN 0 AND 10000),
        furnishings          jsonb NOT NULL DEFAULT '[]',
        witnesses            jsonb NOT NULL DEFAULT '[]',
        status               text NOT NULL CHECK (status IN
                               ('draft', 'paid', 'stamped', 'signing', 'signed', 'completed', 'cancelled')),
        stamp_duty_paise     bigint CHECK (stamp_duty_paise >= 0),
        service_charge_paise bigint CHECK (service_charge_paise >= 0),
        stamp_rule           jsonb,
        commission           jsonb,
        commission_split     jsonb,
        account_id           uuid,
        pay_key              text,
        estamp_certificate   text UNIQUE,
        signed_pdf           bytea,
        signed_pdf_sha256    text,
        refunded             boolean NOT NULL DEFAULT false,
        created_at           timestamptz NOT NULL,
        paid_at              timestamptz,
        stamped_at           timestamptz,
        sent_at              timestamptz,
        signed_at            timestamptz,
        completed_at         timestamptz,
        cancelled_at         timestamptz,
        updated_at           timestamptz NOT NULL,
        CHECK (status = 'draft' OR status = 'cancelled' OR paid_at IS NOT NULL),
        CHECK (status <> 'completed' OR signed_pdf IS NOT NULL)
      )`);
    await db.query(
      'CREATE INDEX rent_agreements_user ON rent_agreements (user_id, created_at DESC)',
    );
    await db.query('CREATE INDEX rent_agreements_created ON rent_agreements (created_at DESC)');
    await db.query(`
      CREATE TABLE rent_parties (
        id               uuid PRIMARY KEY,
        agreement_id     uuid NOT NULL REFERENCES rent_agreements (id) ON DELETE CASCADE,
        role             text NOT NULL CHECK (role IN ('landlord', 'tenant')),
        position         integer NOT NULL,
        name             text NOT NULL,
        parent_name      text NOT NULL,
        address          text NOT NULL,
        mobile           text NOT NULL CHECK (mobile ~ '^[0-9]{10}$'),
        id_kind          text NOT NULL CHECK (id_kind IN ('pan', 'aadhaar')),
        id_value         text NOT NULL CHECK (
                           (id_kind = 'pan' AND id_value !~ '^[A-Z]{5}[0-9]{4}[A-Z]$')
                           OR (id_kind = 'aadhaar' AND id_value ~ '^[0-9]{4}$')),
        otp_hash         bytea,
        otp_expires_at   timestamptz,
        otp_attempts     integer NOT NULL DEFAULT 0,
        otp_sends        integer NOT NULL DEFAULT 0,
        signed_at        timestamptz,
        esign_reference  text,
        signed_ip        text,
        UNIQUE (agreement_id, role, position)
      )`);
    await db.query('CREATE INDEX rent_parties_mobile ON rent_parties (mobile)');
    await db.query(`
      CREATE TABLE rent_agreement_events (
        id            bigserial PRIMARY KEY,
        agreement_id  uuid NOT NULL REFERENCES rent_agreements (id) ON DELETE CASCADE,
        at            timestamptz NOT NULL,
        kind          text NOT NULL,
        detail        text,
        actor_id      uuid
      )`);
    await db.query(
      'CREATE INDEX rent_agreement_events_of ON rent_agreement_events (agreement_id, id)',
    );
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi', 'aeps', 'bbps', 'pgLoad', 'rent'))`);
    const rows: { id: string }[] = await db.query(
      `INSERT INTO commission_schemes (name, service, slabs) VALUES ($1, 'rent', $2) RETURNING id`,
      ['Standard rent agreement', JSON.stringify(SLABS)],
    );
    await db.query(
      `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id)
       SELECT role_kind, 'rent', $1
         FROM unnest(ARRAY['admin', 'sdistributor', 'coDistributor', 'distributor',
                           'employee1', 'employee2', 'user', 'partner']) AS role_kind`,
      [rows[0]!.id],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM commission_scheme_assignments WHERE service = 'rent'`);
    await db.query(`DELETE FROM commission_scheme_defaults WHERE service = 'rent'`);
    await db.query(`DELETE FROM commission_schemes WHERE service = 'rent'`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi', 'aeps', 'bbps', 'pgLoad'))`);
    await db.query('DROP TABLE rent_agreement_events, rent_parties, rent_agreements');
  }
}

/** DEFAULT_SCHEMES.rent, frozen: ₹60 of the service charge to the shop and its uplines. */
const SLABS = [
  {
    upTo: null,
    fee: { flatBase: 60 },
    distributor: { flatBase: 10 },
    superDistributor: { flatBase: 5 },
  },
];
