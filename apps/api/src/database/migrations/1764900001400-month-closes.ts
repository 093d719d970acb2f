import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, Monthly stats: a month closed by finance, once. The primary key makes a second close
 * (or a parallel one) lose; the figures are the month's stats and reconciliation as they stood.
 * Like the audit log, a close is never changed or removed.
 */
export class MonthCloses1764900001400 implements MigrationInterface {
  name = 'MonthCloses1764900001400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE month_closes (
        month      date PRIMARY KEY CHECK (extract(day FROM month) = 1),
        closed_by  uuid NOT NULL REFERENCES users (id),
        closed_at  timestamptz NOT NULL DEFAULT now(),
        figures    jsonb NOT NULL
      )`);
    await db.query(`
      CREATE FUNCTION month_closes_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'month_closes is append-only';
      END $$`);
    await db.query(`
      CREATE TRIGGER month_closes_frozen BEFORE UPDATE OR DELETE ON month_closes
        FOR EACH ROW EXECUTE FUNCTION month_closes_frozen()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE month_closes');
    await db.query('DROP FUNCTION month_closes_frozen()');
  }
}
