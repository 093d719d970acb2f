import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partners (issue 12): their API keys (only a SHA-256 of each secret is kept), their webhook
 * URL and signing secret, and each webhook event with its delivery attempts. Frozen literal SQL.
 */
export class Partners1764700000600 implements MigrationInterface {
  name = 'Partners1764700000600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE partner_api_keys (
        id            uuid PRIMARY KEY,
        partner_id    uuid NOT NULL REFERENCES users (id),
        name          text NOT NULL,
        prefix        text NOT NULL UNIQUE,
        secret_hash   bytea NOT NULL,
        scopes        text[] NOT NULL CHECK (cardinality(scopes) > 0),
        created_at    timestamptz NOT NULL DEFAULT now(),
        last_used_at  timestamptz,
        revoked_at    timestamptz
      )`);
    await db.query(
      'CREATE INDEX partner_api_keys_partner_idx ON partner_api_keys (partner_id, created_at DESC)',
    );
    await db.query(`
      CREATE TABLE partner_webhooks (
        partner_id         uuid PRIMARY KEY REFERENCES users (id),
        url                text,
        secret             text,
        secret_created_at  timestamptz,
        updated_at         timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        event_id      text PRIMARY KEY,
        partner_id    uuid NOT NULL REFERENCES users (id),
        payout_id     uuid NOT NULL,
        event_type    text NOT NULL,
        payload       jsonb NOT NULL,
        status        text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts      integer NOT NULL DEFAULT 0,
        last_status   integer,
        last_error    text,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        delivered_at  timestamptz
      )`);
    await db.query(
      'CREATE INDEX webhook_deliveries_partner_idx ON webhook_deliveries (partner_id, created_at DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE webhook_deliveries');
    await db.query('DROP TABLE partner_webhooks');
    await db.query('DROP TABLE partner_api_keys');
  }
}
