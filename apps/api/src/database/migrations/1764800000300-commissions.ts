import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Commissions, TDS and GST (issue 13, docs/decisions.md "Issue 13: commissions, TDS and GST").
 *
 * - Two system accounts, sharded like the others: `system:tds_payable` (TDS withheld from
 *   commissions, section 194H) and `system:gst_payable` (GST inside the fee). A frozen copy of
 *   what libs/ledger/sql/01-accounts.sql now opens for them.
 * - Every user holds a `commission` account (the "profit area"): it was opened for admin-type
 *   roles only; distributors and super distributors now earn commission.
 * - `commission_schemes` (slabs as libs/domain's SchemeDefinition), a default per role and
 *   service, and per-user assignments; seeded with DEFAULT_SCHEMES as every role's default.
 * - `tax_rates`: GST and TDS rates (basis points) with the India day they take effect; rows are
 *   never changed, so the history stays.
 * - `payouts.commission`: the scheme's shares snapshotted at request; `payouts.commission_split`:
 *   the split posted at `processed` (a return reverses exactly it).
 */
export class Commissions1764800000300 implements MigrationInterface {
  name = 'Commissions1764800000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      INSERT INTO ledger_accounts (kind, code, floor_exempt)
      SELECT kind, kind || '/' || shard, true
        FROM unnest(ARRAY['system:tds_payable', 'system:gst_payable']) WITH ORDINALITY AS k (kind, n),
             generate_series(0, 15) AS shard
       ORDER BY n, shard`);
    await db.query(`
      INSERT INTO ledger_accounts (owner_id, kind)
      SELECT u.id, 'commission' FROM users u
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = u.id AND a.kind = 'commission')`);
    await db.query(`
      CREATE TABLE commission_schemes (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        service     text NOT NULL CHECK (service IN ('payout', 'aepsSettlement')),
        slabs       jsonb NOT NULL CHECK (jsonb_typeof(slabs) = 'array'),
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        updated_by  uuid REFERENCES users (id)
      )`);
    await db.query(`
      CREATE TABLE commission_scheme_defaults (
        role_kind  text NOT NULL,
        service    text NOT NULL,
        scheme_id  uuid NOT NULL REFERENCES commission_schemes (id),
        PRIMARY KEY (role_kind, service)
      )`);
    await db.query(`
      CREATE TABLE commission_scheme_assignments (
        user_id      uuid NOT NULL REFERENCES users (id),
        service      text NOT NULL,
        scheme_id    uuid NOT NULL REFERENCES commission_schemes (id),
        assigned_at  timestamptz NOT NULL DEFAULT now(),
        assigned_by  uuid REFERENCES users (id),
        PRIMARY KEY (user_id, service)
      )`);
    await db.query(
      'CREATE INDEX commission_scheme_assignments_scheme ON commission_scheme_assignments (scheme_id)',
    );
    await db.query(`
      CREATE TABLE tax_rates (
        id              bigserial PRIMARY KEY,
        kind            text NOT NULL CHECK (kind IN ('gst', 'tds', 'tdsNoPan')),
        rate            integer NOT NULL CHECK (rate BETWEEN 0 AND 10000),
        effective_from  date NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        created_by      uuid REFERENCES users (id)
      )`);
    await db.query(
      'CREATE INDEX tax_rates_in_force ON tax_rates (kind, effective_from DESC, id DESC)',
    );
    await db.query(`
      CREATE TRIGGER tax_rates_append_only BEFORE UPDATE OR DELETE ON tax_rates
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`);
    await db.query(`
      INSERT INTO tax_rates (kind, rate, effective_from)
      VALUES ('gst', 1800, '2017-07-01'), ('tds', 200, '2016-06-01'), ('tdsNoPan', 2000, '2010-04-01')`);
    for (const [service, name, slabs] of SEED) {
      const rows: { id: string }[] = await db.query(
        `INSERT INTO commission_schemes (name, service, slabs) VALUES ($1, $2, $3) RETURNING id`,
        [name, service, JSON.stringify(slabs)],
      );
      await db.query(
        `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id)
         SELECT role_kind, $1, $2
           FROM unnest(ARRAY['admin', 'sdistributor', 'coDistributor', 'distributor',
                             'employee1', 'employee2', 'user', 'partner']) AS role_kind`,
        [service, rows[0]!.id],
      );
    }
    await db.query(`
      ALTER TABLE payouts ADD COLUMN commission jsonb, ADD COLUMN commission_split jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE payouts DROP COLUMN commission, DROP COLUMN commission_split');
    await db.query(
      'DROP TABLE tax_rates, commission_scheme_assignments, commission_scheme_defaults, commission_schemes',
    );
    // The accounts stay: ledger rows are never deleted.
  }
}

const flat = (rupees: number) => ({ flatBase: rupees });
/** libs/domain DEFAULT_SCHEMES as they stood when this shipped (frozen). */
const SEED: [string, string, unknown[]][] = [
  [
    'payout',
    'Standard payout',
    [
      { upTo: 25000, fee: flat(15), distributor: flat(3), superDistributor: flat(1) },
      { upTo: 100000, fee: flat(25), distributor: flat(5), superDistributor: flat(2) },
      { upTo: null, fee: flat(40), distributor: flat(8), superDistributor: flat(3) },
    ],
  ],
  [
    'aepsSettlement',
    'Standard AEPS settlement',
    [
      { upTo: 25000, fee: flat(8), distributor: flat(1), superDistributor: flat(0.5) },
      { upTo: null, fee: flat(15), distributor: flat(2), superDistributor: flat(1) },
    ],
  ],
];
