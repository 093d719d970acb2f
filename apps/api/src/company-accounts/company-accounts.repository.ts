import { Injectable } from '@nestjs/common';
import type { Paise } from '@khata/domain';
import { Db } from '../database/unit-of-work.js';

export interface SystemBalance {
  kind: string;
  available: Paise;
}

/** The company's ledger accounts that no user owns: the system accounts, shards added up. */
@Injectable()
export class CompanyAccountsRepository {
  constructor(private readonly db: Db) {}

  async systemBalances(): Promise<SystemBalance[]> {
    // sum() of bigint is numeric: it arrives as text and is made exact paise here.
    const { rows } = await this.db.query<{ kind: string; available: string }>(
      `SELECT kind, sum(available)::text AS available FROM ledger_balances()
        WHERE owner_id IS NULL GROUP BY kind ORDER BY kind`,
    );
    return rows.map((row) => ({ kind: row.kind, available: Number(row.available) }));
  }
}
