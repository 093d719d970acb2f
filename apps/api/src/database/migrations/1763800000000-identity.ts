import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity: sessions, link-token logins, the append-only audit log, PIN lockout, and the
 * accounts every user holds (their balances stay zero until the ledger posts to them).
 */
export class Identity1763800000000 implements MigrationInterface {
  name = 'Identity1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
        ADD COLUMN picture text,
        ADD COLUMN service_rates jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD COLUMN pin_failures integer NOT NULL DEFAULT 0,
        ADD COLUMN pin_locked_until timestamptz`);

    await db.query(`
      CREATE TABLE sessions (
        id              uuid PRIMARY KEY,
        user_id         uuid NOT NULL REFERENCES users (id),
        kind            text NOT NULL CHECK (kind IN ('password', 'partner', 'link')),
        created_at      timestamptz NOT NULL DEFAULT now(),
        expires_at      timestamptz NOT NULL,
        revoked_at      timestamptz,
        revoked_reason  text,
        ip              text,
        latitude        numeric(9, 6),
        longitude       numeric(9, 6),
        user_agent      text,
        opened_by       uuid REFERENCES users (id)
      )`);
    await db.query('CREATE INDEX sessions_user_created_idx ON sessions (user_id, created_at DESC)');

    await db.query(`
      CREATE TABLE link_tokens (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash  bytea NOT NULL UNIQUE,
        user_id     uuid NOT NULL REFERENCES users (id),
        created_by  uuid NOT NULL REFERENCES users (id),
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz,
        session_id  uuid REFERENCES sessions (id)
      )`);

    await db.query(`
      CREATE TABLE audit_log (
        id          bigserial PRIMARY KEY,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        action      text NOT NULL,
        outcome     text NOT NULL CHECK (outcome IN ('success', 'failure')),
        actor_id    uuid,
        subject_id  uuid,
        session_id  uuid,
        ip          text,
        latitude    numeric(9, 6),
        longitude   numeric(9, 6),
        request_id  text,
        details     jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await db.query('CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, occurred_at DESC)');
    await db.query(
      'CREATE INDEX audit_log_subject_idx ON audit_log (subject_id, occurred_at DESC)',
    );
    await db.query(`
      CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await db.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`);
    await db.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`);

    // The balance vector of the ledger design (posted debits and credits, pending debits,
    // overdraft limit, version); the ledger fills it in, identity only opens the accounts.
    await db.query(`
      CREATE TABLE ledger_accounts (
        id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id         uuid REFERENCES users (id),
        kind             text NOT NULL,
        currency         char(3) NOT NULL DEFAULT 'INR',
        debits_posted    bigint NOT NULL DEFAULT 0,
        credits_posted   bigint NOT NULL DEFAULT 0,
        debits_pending   bigint NOT NULL DEFAULT 0,
        overdraft_limit  bigint NOT NULL DEFAULT 0 CHECK (overdraft_limit >= 0),
        version          bigint NOT NULL DEFAULT 0,
        created_at       timestamptz NOT NULL DEFAULT now(),
        UNIQUE (owner_id, kind)
      )`);
    await db.query(`
      INSERT INTO ledger_accounts (owner_id, kind)
      SELECT u.id, k.kind FROM users u
      CROSS JOIN (VALUES ('wallet'), ('lien'), ('security'), ('aeps')) AS k (kind)`);
    await db.query(`
      INSERT INTO ledger_accounts (owner_id, kind)
      SELECT id, 'commission' FROM users WHERE role IN ('admin', 'sdistributor', 'coDistributor')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE ledger_accounts, audit_log, link_tokens, sessions');
    await db.query('DROP FUNCTION refuse_change()');
    await db.query(`
      ALTER TABLE users DROP COLUMN status, DROP COLUMN picture, DROP COLUMN service_rates,
        DROP COLUMN pin_failures, DROP COLUMN pin_locked_until`);
  }
}
