import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox bank rail's own book (apps/api/src/rail/sandbox-rail.ts): one row per transfer
 * reference (so a reference is paid at most once, like a provider's idempotency key) and one
 * row per call it received (so tests can count sends). Unused with a real provider.
 */
export class SandboxRail1764300000001 implements MigrationInterface {
  name = 'SandboxRail1764300000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sandbox_rail_transfers (
        reference       text PRIMARY KEY,
        account_number  text NOT NULL,
        ifsc            text NOT NULL,
        amount          bigint NOT NULL CHECK (amount > 0),
        mode            text NOT NULL,
        status          text NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
        utr             text,
        reason          text,
        status_checks   integer NOT NULL DEFAULT 0,
        created_at      timestamptz NOT NULL DEFAULT now(),
        settled_at      timestamptz
      )`);
    await db.query(`
      CREATE TABLE sandbox_rail_calls (
        id         bigserial PRIMARY KEY,
        reference  text NOT NULL,
        call       text NOT NULL CHECK (call IN ('send', 'status')),
        at         timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await db.query(`CREATE INDEX sandbox_rail_calls_reference ON sandbox_rail_calls (reference)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE sandbox_rail_calls');
    await db.query('DROP TABLE sandbox_rail_transfers');
  }
}
