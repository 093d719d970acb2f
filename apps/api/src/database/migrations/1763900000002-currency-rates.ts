import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rupee rates of the public currency converter. No live feed is connected: Khata's
 * admins set each rate (POST /api/admin/currency-rates, audited). The seed is a set of
 * indicative rates as of 20 November 2026, so the converter works on a fresh install; the
 * page shows each rate's date so nobody mistakes them for live ones.
 */
export class CurrencyRates1763900000002 implements MigrationInterface {
  name = 'CurrencyRates1763900000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE currency_rates (
        currency      char(3) PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
        inr_per_unit  numeric(18, 6) NOT NULL CHECK (inr_per_unit > 0),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        updated_by    uuid REFERENCES users (id)
      )`);
    await db.query(`
      INSERT INTO currency_rates (currency, inr_per_unit, updated_at) VALUES
        ('USD', 88.750000, '2026-11-20T10:00:00+05:30'),
        ('EUR', 102.900000, '2026-11-20T10:00:00+05:30'),
        ('GBP', 116.800000, '2026-11-20T10:00:00+05:30'),
        ('AED', 24.165000, '2026-11-20T10:00:00+05:30'),
        ('SGD', 68.300000, '2026-11-20T10:00:00+05:30'),
        ('JPY', 0.574000, '2026-11-20T10:00:00+05:30'),
        ('AUD', 57.900000, '2026-11-20T10:00:00+05:30'),
        ('CAD', 63.400000, '2026-11-20T10:00:00+05:30'),
        ('SAR', 23.665000, '2026-11-20T10:00:00+05:30'),
        ('CNY', 12.470000, '2026-11-20T10:00:00+05:30')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE currency_rates');
  }
}
