import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Liens and security deposits (issue 13). The money sits in the ledger (wallet → the user's
 * lien or security account, and back, each an event on the `lien:<id>` or `security:<id>`
 * stream); a row here names each one, so an admin releases that one, once, with the reasons
 * and who acted. `placed_key` and `released_key` are the admins' Idempotency-Keys: a repeat
 * answers the first result.
 */
export class BalanceHoldings1764800000101 implements MigrationInterface {
  name = 'BalanceHoldings1764800000101';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE balance_holdings (
        id              uuid PRIMARY KEY,
        user_id         uuid NOT NULL REFERENCES users (id),
        kind            text NOT NULL CHECK (kind IN ('lien', 'security')),
        amount          bigint NOT NULL CHECK (amount > 0),
        status          text NOT NULL CHECK (status IN ('placed', 'released')),
        reason          text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
        placed_by       uuid NOT NULL REFERENCES users (id),
        placed_at       timestamptz NOT NULL,
        placed_seq      bigint NOT NULL,
        placed_key      text NOT NULL,
        placed_hash     text NOT NULL,
        release_reason  text CHECK (length(release_reason) BETWEEN 1 AND 200),
        released_by     uuid REFERENCES users (id),
        released_at     timestamptz,
        released_seq    bigint,
        released_key    text,
        CHECK ((status = 'released') = (released_at IS NOT NULL)),
        UNIQUE (placed_by, placed_key)
      )`);
    await db.query(
      'CREATE INDEX balance_holdings_user ON balance_holdings (user_id, kind, placed_at DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE balance_holdings');
  }
}
