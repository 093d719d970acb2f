import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, the partner's and the admin's view of webhook deliveries (docs/decisions.md
 * "Issue 23: partner deliveries, keys and receipts"): when the next try of a pending event is
 * due (`next_attempt_at`, set by the delivery job from its backoff) and how many times it was
 * sent again by hand after it failed (`redeliveries`, which names the job of each new round).
 */
export class WebhookDeliveryRetries1765300023000 implements MigrationInterface {
  name = 'WebhookDeliveryRetries1765300023000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE webhook_deliveries
        ADD COLUMN next_attempt_at timestamptz,
        ADD COLUMN redeliveries integer NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE webhook_deliveries DROP COLUMN next_attempt_at, DROP COLUMN redeliveries`);
  }
}
