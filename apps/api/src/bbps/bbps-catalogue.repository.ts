import { Injectable } from '@nestjs/common';
import type { BbpsBiller, BbpsCategory } from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';
import type { BbpsCatalogue } from './bbps-provider.js';

const BILLER_COLUMNS = `b.id, b.name, b.category_code AS "categoryCode", b.coverage, b.params,
  b.can_fetch AS "fetch", b.adhoc, b.exactness, b.ccf, b.active`;

/** A biller with its category's name, as the console lists it. */
export interface BbpsBillerRow extends BbpsBiller {
  categoryName: string;
}

/** A category with how many active billers it has. */
export interface BbpsCategoryRow extends BbpsCategory {
  billers: number;
}

/**
 * The biller catalogue as the last sync from the provider left it (issue 27): the console and
 * every payment read it here. A sync replaces it in one transaction: categories and billers
 * upserted, a biller the provider no longer lists kept but inactive (an old receipt still names
 * it, a new payment is refused).
 */
@Injectable()
export class BbpsCatalogueRepository {
  constructor(private readonly db: Db) {}

  async categories(): Promise<BbpsCategoryRow[]> {
    const { rows } = await this.db.query<BbpsCategoryRow>(
      `SELECT c.code, c.name,
              (SELECT count(*)::int FROM bbps_billers b
                WHERE b.category_code = c.code AND b.active) AS billers
         FROM bbps_categories c ORDER BY c.position, c.name`,
    );
    return rows;
  }

  /** Active billers, by category and a name or id search; at most `limit`. */
  async billers(filter: {
    categoryCode: string | null;
    search: string | null;
    limit: number;
  }): Promise<BbpsBillerRow[]> {
    const { rows } = await this.db.query<BbpsBillerRow>(
      `SELECT ${BILLER_COLUMNS}, c.name AS "categoryName"
         FROM bbps_billers b JOIN bbps_categories c ON c.code = b.category_code
        WHERE b.active AND ($1::text IS NULL OR b.category_code = $1)
          AND ($2::text IS NULL OR b.name ILIKE '%' || $2 || '%' OR b.id ILIKE $2 || '%')
        ORDER BY b.name LIMIT $3`,
      [filter.categoryCode, filter.search, filter.limit],
    );
    return rows;
  }

  async biller(id: string): Promise<BbpsBillerRow | undefined> {
    const { rows } = await this.db.query<BbpsBillerRow>(
      `SELECT ${BILLER_COLUMNS}, c.name AS "categoryName"
         FROM bbps_billers b JOIN bbps_categories c ON c.code = b.category_code
        WHERE b.id = $1`,
      [id],
    );
    return rows[0];
  }

  async lastSyncedAt(): Promise<Date | undefined> {
    const { rows } = await this.db.query<{ at: Date }>(
      'SELECT max(at) AS at FROM bbps_catalogue_syncs',
    );
    return rows[0]?.at ?? undefined;
  }

  /** Replaces the catalogue with the provider's, in the caller's transaction. */
  async replace(
    tx: Tx,
    catalogue: BbpsCatalogue,
    at: Date,
  ): Promise<{ categories: number; billers: number; retired: number }> {
    // One sync at a time: two workers syncing at once would only repeat each other.
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('bbps-catalogue', 27))");
    for (const [position, category] of catalogue.categories.entries()) {
      await tx.query(
        `INSERT INTO bbps_categories (code, name, position, synced_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code) DO UPDATE
           SET name = EXCLUDED.name, position = EXCLUDED.position, synced_at = EXCLUDED.synced_at`,
        [category.code, category.name, position, at],
      );
    }
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO bbps_billers
         (id, name, category_code, coverage, params, can_fetch, adhoc, exactness, ccf, active, synced_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
         id text, name text, "categoryCode" text, coverage text, params jsonb, "fetch" boolean,
         adhoc boolean, exactness text, ccf jsonb, active boolean, "syncedAt" timestamptz)
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, category_code = EXCLUDED.category_code,
             coverage = EXCLUDED.coverage, params = EXCLUDED.params, can_fetch = EXCLUDED.can_fetch,
             adhoc = EXCLUDED.adhoc, exactness = EXCLUDED.exactness, ccf = EXCLUDED.ccf,
             active = EXCLUDED.active, synced_at = EXCLUDED.synced_at
       RETURNING id`,
      [JSON.stringify(catalogue.billers.map((biller) => ({ ...biller, syncedAt: at })))],
    );
    const { rowCount: retired } = await tx.query(
      'UPDATE bbps_billers SET active = false WHERE synced_at < $1 AND active',
      [at],
    );
    await tx.query(
      `INSERT INTO bbps_catalogue_syncs (at, categories, billers, retired) VALUES ($1, $2, $3, $4)`,
      [at, catalogue.categories.length, rows.length, retired ?? 0],
    );
    return { categories: catalogue.categories.length, billers: rows.length, retired: retired ?? 0 };
  }
}
