import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Call-back requests left by visitors of the public site (the shell's call-back box). Kept
 * with the sender's address, so abuse can be traced; `handled_at` is set once someone called.
 */
export class CallbackRequests1763900000001 implements MigrationInterface {
  name = 'CallbackRequests1763900000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE callback_requests (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
        mobile      text NOT NULL CHECK (mobile ~ '^[0-9]{10}$'),
        message     text CHECK (char_length(message) <= 1000),
        ip          text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        handled_at  timestamptz
      )`);
    await db.query(
      'CREATE INDEX callback_requests_created_idx ON callback_requests (created_at DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE callback_requests');
  }
}
