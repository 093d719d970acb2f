import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: the console's language on the user's profile (`POST /user/language`), so a sign-in
 * on another browser opens in it. Null until the user chooses; English and Hindi only.
 */
export class UserLanguage1765400033000 implements MigrationInterface {
  name = 'UserLanguage1765400033000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'hi'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users DROP COLUMN language`);
  }
}
