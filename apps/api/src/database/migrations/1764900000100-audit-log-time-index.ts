import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Logs (issue 14): the audit log is searched by India's days and read newest first, with or
 * without an action; the existing indexes lead with the actor or the subject.
 */
export class AuditLogTimeIndex1764900000100 implements MigrationInterface {
  name = 'AuditLogTimeIndex1764900000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX audit_log_time_idx ON audit_log (occurred_at DESC, id DESC)');
    await db.query(
      'CREATE INDEX audit_log_action_idx ON audit_log (action, occurred_at DESC, id DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX audit_log_action_idx');
    await db.query('DROP INDEX audit_log_time_idx');
  }
}
