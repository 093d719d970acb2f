import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: sessions end after a while without use. `last_seen_at` is when the session last
 * answered a call, written at most once a minute a session (SessionsService.seen); a session
 * alive at the migration counts as seen then.
 */
export class SessionLastSeen1765400031300 implements MigrationInterface {
  name = 'SessionLastSeen1765400031300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE sessions DROP COLUMN last_seen_at');
  }
}
