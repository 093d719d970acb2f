import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25: `dmt` becomes a commission-scheme service. The service check of
 * `commission_schemes` takes it, and the shipped DMT scheme (libs/domain DEFAULT_SCHEMES.dmt as
 * it stood when this shipped, frozen below) is every role's default: ₹10 up to ₹1,000, 1%
 * above, GST inside the fee, the uplines' shares of issue 13.
 */
export class DmtScheme1765400032050 implements MigrationInterface {
  name = 'DmtScheme1765400032050';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt'))`);
    const rows: { id: string }[] = await db.query(
      `INSERT INTO commission_schemes (name, service, slabs) VALUES ($1, 'dmt', $2) RETURNING id`,
      ['Standard DMT', JSON.stringify(SLABS)],
    );
    await db.query(
      `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id)
       SELECT role_kind, 'dmt', $1
         FROM unnest(ARRAY['admin', 'sdistributor', 'coDistributor', 'distributor',
                           'employee1', 'employee2', 'user', 'partner']) AS role_kind`,
      [rows[0]!.id],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM commission_scheme_assignments WHERE service = 'dmt'`);
    await db.query(`DELETE FROM commission_scheme_defaults WHERE service = 'dmt'`);
    await db.query(`DELETE FROM commission_schemes WHERE service = 'dmt'`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement'))`);
  }
}

/** DEFAULT_SCHEMES.dmt, frozen. */
const SLABS = [
  {
    upTo: 1000,
    fee: { flatBase: 10 },
    distributor: { flatBase: 2 },
    superDistributor: { flatBase: 1 },
  },
  {
    upTo: null,
    fee: { percentBase: 1 },
    distributor: { percentBase: 0.2 },
    superDistributor: { percentBase: 0.1 },
  },
];
