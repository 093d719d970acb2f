import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Services become role defaults plus per-user overrides (docs/decisions.md, "Issue 12:
 * services"). Every user keeps exactly the services it had: for the three services that
 * existed (wallet, payout, aepsAccount) an override is stored wherever `users.services`
 * differed from the role's new default; the new aepsSettlement default (employee 2) is what
 * the AEPS Settlement item already allowed every employee 2. `staff` and anything else in the
 * list is kept as a grant. Then `users.services` goes, so nothing reads a stale copy.
 * Frozen literal SQL: the defaults below are those of 2026-11-25, not read from the code.
 */
export class UserServiceOverrides1764700000200 implements MigrationInterface {
  name = 'UserServiceOverrides1764700000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE user_service_overrides (
        user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        service    text NOT NULL CHECK (service ~ '^[A-Za-z]{1,40}$'),
        enabled    boolean NOT NULL,
        changed_by uuid REFERENCES users (id),
        changed_at timestamptz NOT NULL DEFAULT now(),
        reason     text NOT NULL,
        PRIMARY KEY (user_id, service)
      )`);
    await db.query(`
      WITH kinds AS (
        SELECT id, services,
               CASE WHEN role LIKE '%Employee1' THEN 'employee1'
                    WHEN role LIKE '%Employee2' THEN 'employee2'
                    ELSE role END AS kind
          FROM users
      ),
      defaults (kind, service) AS (
        VALUES ('employee1', 'wallet'), ('employee1', 'payout'),
               ('employee2', 'wallet'), ('employee2', 'payout'), ('employee2', 'aepsAccount')
      )
      INSERT INTO user_service_overrides (user_id, service, enabled, reason)
      SELECT DISTINCT k.id, granted.service, true, 'kept from users.services'
        FROM kinds k, unnest(k.services) AS granted (service)
       WHERE granted.service ~ '^[A-Za-z]{1,40}$'
         AND NOT EXISTS (SELECT 1 FROM defaults d WHERE d.kind = k.kind AND d.service = granted.service)
      UNION ALL
      SELECT k.id, d.service, false, 'kept from users.services'
        FROM kinds k JOIN defaults d ON d.kind = k.kind
       WHERE NOT d.service = ANY (k.services)`);
    await db.query(`ALTER TABLE users DROP COLUMN services`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN services text[] NOT NULL DEFAULT '{}'`);
    await db.query(`
      UPDATE users u SET services = ARRAY(
        SELECT d.service FROM (VALUES ('employee1', 'wallet'), ('employee1', 'payout'),
               ('employee2', 'wallet'), ('employee2', 'payout'), ('employee2', 'aepsAccount'))
               AS d (kind, service)
         WHERE d.kind = CASE WHEN u.role LIKE '%Employee1' THEN 'employee1'
                             WHEN u.role LIKE '%Employee2' THEN 'employee2' ELSE u.role END
           AND NOT EXISTS (SELECT 1 FROM user_service_overrides o
                            WHERE o.user_id = u.id AND o.service = d.service AND NOT o.enabled)
        UNION
        SELECT o.service FROM user_service_overrides o
         WHERE o.user_id = u.id AND o.enabled AND o.service <> 'aepsSettlement')`);
    await db.query(`DROP TABLE user_service_overrides`);
  }
}
