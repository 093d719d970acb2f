import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, Contact requests: who marked a call-back request handled and their note. The three
 * columns are set together, once (the handler's conditional UPDATE; the CHECK keeps them whole).
 */
export class CallbackHandling1764900000200 implements MigrationInterface {
  name = 'CallbackHandling1764900000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE callback_requests
        ADD COLUMN handled_by uuid REFERENCES users (id),
        ADD COLUMN handled_note text CHECK (char_length(handled_note) BETWEEN 1 AND 500),
        ADD CONSTRAINT callback_requests_handled_whole CHECK (
          (handled_by IS NULL AND handled_note IS NULL)
          OR (handled_at IS NOT NULL AND handled_by IS NOT NULL AND handled_note IS NOT NULL)
        )`);
    await db.query(
      'CREATE INDEX callback_requests_open_idx ON callback_requests (created_at DESC) WHERE handled_at IS NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX callback_requests_open_idx');
    await db.query(`
      ALTER TABLE callback_requests
        DROP CONSTRAINT callback_requests_handled_whole,
        DROP COLUMN handled_note,
        DROP COLUMN handled_by`);
  }
}
