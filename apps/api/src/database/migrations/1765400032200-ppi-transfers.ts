import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25, PPI money transfer: a transfer from a walk-in customer's prepaid wallet is a DMT
 * transfer of another product.
 *
 * - `dmt_transfers.product` (`dmt` | `ppi`, default `dmt`: every earlier row is a DMT transfer);
 *   each product's month is summed over `(remitter_id, product, created_at)`.
 * - `ppi_wallets`: the provider's answer about the sender's (remitter's) wallet, one per
 *   remitter: its KYC tier and the monthly limit the provider allows, with the provider's
 *   reference and when it was asked. No Aadhaar number or PAN is kept.
 * - `ppi` becomes a commission-scheme service, and the shipped PPI scheme (libs/domain
 *   DEFAULT_SCHEMES.ppi as it stood when this shipped, frozen below) every role's default.
 */
export class PpiTransfers1765400032200 implements MigrationInterface {
  name = 'PpiTransfers1765400032200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE dmt_transfers
        ADD COLUMN product text NOT NULL DEFAULT 'dmt' CHECK (product IN ('dmt', 'ppi'))`);
    await db.query('DROP INDEX dmt_transfers_remitter_month');
    await db.query(
      `CREATE INDEX dmt_transfers_remitter_month
         ON dmt_transfers (remitter_id, product, created_at)`,
    );
    await db.query(`
      CREATE TABLE ppi_wallets (
        remitter_id          uuid PRIMARY KEY REFERENCES remitters (id),
        kyc_tier             text NOT NULL CHECK (kyc_tier IN ('minimum', 'full')),
        monthly_limit_paise  bigint NOT NULL CHECK (monthly_limit_paise >= 0),
        provider_reference   text NOT NULL CHECK (length(provider_reference) BETWEEN 1 AND 100),
        checked_at           timestamptz NOT NULL
      )`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt', 'ppi'))`);
    const rows: { id: string }[] = await db.query(
      `INSERT INTO commission_schemes (name, service, slabs) VALUES ($1, 'ppi', $2) RETURNING id`,
      ['Standard PPI transfer', JSON.stringify(SLABS)],
    );
    await db.query(
      `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id)
       SELECT role_kind, 'ppi', $1
         FROM unnest(ARRAY['admin', 'sdistributor', 'coDistributor', 'distributor',
                           'employee1', 'employee2', 'user', 'partner']) AS role_kind`,
      [rows[0]!.id],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM commission_scheme_assignments WHERE service = 'ppi'`);
    await db.query(`DELETE FROM commission_scheme_defaults WHERE service = 'ppi'`);
    await db.query(`DELETE FROM commission_schemes WHERE service = 'ppi'`);
    await db.query(`
      ALTER TABLE commission_schemes DROP CONSTRAINT commission_schemes_service_check,
        ADD CONSTRAINT commission_schemes_service_check
          CHECK (service IN ('payout', 'aepsSettlement', 'dmt'))`);
    await db.query('DROP TABLE ppi_wallets');
    await db.query('DROP INDEX dmt_transfers_remitter_month');
    await db.query(
      'CREATE INDEX dmt_transfers_remitter_month ON dmt_transfers (remitter_id, created_at)',
    );
    await db.query('ALTER TABLE dmt_transfers DROP COLUMN product');
  }
}

/** DEFAULT_SCHEMES.ppi, frozen. */
const SLABS = [
  {
    upTo: 1000,
    fee: { flatBase: 12 },
    distributor: { flatBase: 2 },
    superDistributor: { flatBase: 1 },
  },
  {
    upTo: null,
    fee: { percentBase: 1.2 },
    distributor: { percentBase: 0.25 },
    superDistributor: { percentBase: 0.1 },
  },
];
