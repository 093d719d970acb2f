import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each notice was pushed to the open pages of its audience (`notice.posted`): at posting
 * for one that is live then, else by the `notice.announce` job once its window opens. A notice
 * whose window has already opened is taken as announced; one still to come waits for the job.
 */
export class NoticeAnnouncements1765000014200 implements MigrationInterface {
  name = 'NoticeAnnouncements1765000014200';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE notices ADD COLUMN announced_at timestamptz');
    await db.query('UPDATE notices SET announced_at = starts_at WHERE starts_at <= now()');
    await db.query(
      `CREATE INDEX notices_unannounced_idx ON notices (starts_at)
        WHERE announced_at IS NULL AND withdrawn_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX notices_unannounced_idx');
    await db.query('ALTER TABLE notices DROP COLUMN announced_at');
  }
}
