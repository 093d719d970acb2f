import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * All Users (issue 12): why and when a user's status was last changed, and by whom, so sign-in
 * can tell a deactivated user the reason. The full story stays in the audit log. Frozen SQL.
 */
export class UserStatusReason1764700000100 implements MigrationInterface {
  name = 'UserStatusReason1764700000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        ADD COLUMN status_reason text CHECK (length(status_reason) <= 200),
        ADD COLUMN status_changed_at timestamptz,
        ADD COLUMN status_changed_by uuid REFERENCES users (id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE users DROP COLUMN status_reason, DROP COLUMN status_changed_at, DROP COLUMN status_changed_by',
    );
  }
}
