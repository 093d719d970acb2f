import { Injectable } from '@nestjs/common';
import {
  type CurrencyCode,
  inrPerUnitString,
  isCurrencyCode,
  type MicroRupees,
  parseInrPerUnit,
} from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface CurrencyRate {
  currency: CurrencyCode;
  inrPerUnit: MicroRupees;
  updatedAt: Date;
}

interface RateRow {
  currency: string;
  inrPerUnit: string;
  updatedAt: Date;
}

// numeric comes back as text ("88.750000"), read into micro-rupees without a float.
const COLUMNS = `currency, inr_per_unit::text AS "inrPerUnit", updated_at AS "updatedAt"`;

/** The rupee rates the currency converter uses, one row per currency. */
@Injectable()
export class CurrencyRatesRepository {
  constructor(private readonly db: Db) {}

  /** Every rate of a currency the converter knows; rows of other codes are left out. */
  async all(): Promise<CurrencyRate[]> {
    const { rows } = await this.db.query<RateRow>(`SELECT ${COLUMNS} FROM currency_rates`);
    return rows.flatMap((row) => {
      const rate = toRate(row);
      return rate ? [rate] : [];
    });
  }

  /** The current rate, locked until the transaction ends, so two updates audit in order. */
  async lock(tx: Tx, currency: CurrencyCode): Promise<CurrencyRate | undefined> {
    const { rows } = await tx.query<RateRow>(
      `SELECT ${COLUMNS} FROM currency_rates WHERE currency = $1 FOR UPDATE`,
      [currency],
    );
    return rows[0] && toRate(rows[0]);
  }

  async set(
    tx: Tx,
    change: { currency: CurrencyCode; inrPerUnit: MicroRupees; updatedAt: Date; updatedBy: string },
  ): Promise<CurrencyRate> {
    const { rows } = await tx.query<RateRow>(
      `INSERT INTO currency_rates (currency, inr_per_unit, updated_at, updated_by)
       VALUES ($1, $2::numeric, $3, $4)
       ON CONFLICT (currency) DO UPDATE
         SET inr_per_unit = EXCLUDED.inr_per_unit,
             updated_at = EXCLUDED.updated_at,
             updated_by = EXCLUDED.updated_by
       RETURNING ${COLUMNS}`,
      [change.currency, inrPerUnitString(change.inrPerUnit), change.updatedAt, change.updatedBy],
    );
    return toRate(rows[0]!)!;
  }
}

function toRate(row: RateRow): CurrencyRate | undefined {
  const rate = parseInrPerUnit(row.inrPerUnit);
  if (!isCurrencyCode(row.currency) || !rate.ok) return undefined;
  return { currency: row.currency, inrPerUnit: rate.value, updatedAt: row.updatedAt };
}
