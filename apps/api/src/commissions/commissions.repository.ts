import { Injectable } from '@nestjs/common';
import {
  type CommissionShare,
  DEFAULT_TAX_RATES,
  type PayoutRates,
  type ProfitLine,
  type ProfitWindow,
  type RoleKind,
  type SchemeService,
  type SchemeSlab,
  type TaxKind,
  type TaxRatesInForce,
  type UplineLevel,
  quoteScheme,
  UPLINE_LEVELS,
} from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface StoredScheme {
  id: string;
  name: string;
  service: SchemeService;
  slabs: SchemeSlab[];
  /** A bbps scheme's slabs per BBPS category (issue 27); null for every other service. */
  categorySlabs: Record<string, SchemeSlab[]> | null;
  updatedAt: Date;
}

export interface TaxRateRow {
  id: string;
  kind: TaxKind;
  rate: number;
  effectiveFrom: string;
  createdAt: Date;
  createdBy: string | null;
}

/** A scheme as saved: a bbps scheme may carry slabs per category. */
interface SchemeWrite {
  name: string;
  slabs: SchemeSlab[];
  categorySlabs?: Record<string, SchemeSlab[]> | undefined;
  by: string;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** Which upline role earns which level's share: the nearest of that role above the payer. */
const LEVEL_ROLES: Readonly<Record<UplineLevel, string>> = {
  distributor: 'distributor',
  superDistributor: 'sdistributor',
};

const SCHEME_COLUMNS = `s.id, s.name, s.service, s.slabs, s.category_slabs AS "categorySlabs",
  s.updated_at AS "updatedAt"`;

/**
 * Commission schemes, their defaults and assignments, tax rates, and what a payout's split
 * needs to know about its payees (their uplines, whether they have a PAN).
 */
@Injectable()
export class CommissionsRepository {
  constructor(private readonly db: Db) {}

  /** The scheme in force for a user: its own assignment, else its role's default. */
  async schemeFor(
    tx: Tx,
    userId: string,
    kind: RoleKind,
    service: SchemeService,
  ): Promise<StoredScheme | undefined> {
    const { rows } = await tx.query<StoredScheme>(
      `SELECT ${SCHEME_COLUMNS} FROM commission_schemes s
        WHERE s.id = COALESCE(
          (SELECT scheme_id FROM commission_scheme_assignments WHERE user_id = $1 AND service = $3),
          (SELECT scheme_id FROM commission_scheme_defaults WHERE role_kind = $2 AND service = $3))`,
      [userId, kind, service],
    );
    return rows[0];
  }

  /**
   * The payer's uplines that earn a share: for each level, the nearest user of that role up
   * the parent chain (the payer itself never earns on its own payment).
   */
  async earnersOf(tx: Tx, userId: string): Promise<Record<UplineLevel, string | undefined>> {
    const { rows } = await tx.query<{ id: string; role: string }>(
      `WITH RECURSIVE up (id, role, parent_id, depth) AS (
         SELECT p.id, p.role, p.parent_id, 1 FROM users me JOIN users p ON p.id = me.parent_id
          WHERE me.id = $1
         UNION ALL
         SELECT p.id, p.role, p.parent_id, up.depth + 1 FROM up JOIN users p ON p.id = up.parent_id
          WHERE up.depth < 32)
       SELECT id, role FROM up ORDER BY depth`,
      [userId],
    );
    const earners: Record<UplineLevel, string | undefined> = {
      distributor: undefined,
      superDistributor: undefined,
    };
    for (const level of Object.keys(LEVEL_ROLES) as UplineLevel[]) {
      earners[level] = rows.find((row) => row.role === LEVEL_ROLES[level])?.id;
    }
    return earners;
  }

  /**
   * What a payment of `amount` costs the payer and shares with its uplines under the scheme in
   * force for it now, or undefined when no scheme applies (the fee rules of before stay).
   */
  async quote(
    payer: { userId: string; kind: RoleKind },
    service: SchemeService,
    amount: number,
    tx: Tx = this.db,
    category?: string,
  ): Promise<{ fee: number; commission: PayoutCommission } | undefined> {
    const scheme = await this.schemeFor(tx, payer.userId, payer.kind, service);
    if (!scheme) return undefined;
    const quote = quoteScheme(
      { slabs: scheme.slabs, categorySlabs: scheme.categorySlabs ?? undefined },
      amount,
      category,
    );
    const earners = await this.earnersOf(tx, payer.userId);
    const shares = UPLINE_LEVELS.flatMap((level) => {
      const userId = earners[level];
      const gross = quote.shares[level];
      return userId && gross > 0 ? [{ level, userId, gross }] : [];
    });
    return { fee: quote.fee, commission: { schemeId: scheme.id, slab: quote.slab, shares } };
  }

  /** Users with a PAN on file (`users.pan_sealed`: an approved KYC's, or given on the dashboard). */
  async withPan(tx: Tx, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const { rows } = await tx.query<{ userId: string }>(
      `SELECT id AS "userId" FROM users WHERE id = ANY($1::uuid[]) AND pan_sealed IS NOT NULL`,
      [userIds],
    );
    return new Set(rows.map((row) => row.userId));
  }

  /**
   * The uplines who earn a level's share (distributors and super distributors, active) with
   * no PAN on file: TDS on their commission is withheld at the no-PAN rate (issue 23).
   */
  async earnersWithoutPan(): Promise<{ id: string; name: string; mobile: string; role: string }[]> {
    const { rows } = await this.db.query<{
      id: string;
      name: string;
      mobile: string;
      role: string;
    }>(
      `SELECT id, name, mobile, role FROM users
        WHERE role = ANY($1::text[]) AND status = 'active' AND pan_sealed IS NULL
        ORDER BY name, mobile`,
      [Object.values(LEVEL_ROLES)],
    );
    return rows;
  }

  /** Marks each share with whether its payee has a PAN, in the caller's transaction. */
  async withPanFlags(
    tx: Tx,
    shares: readonly Omit<CommissionShare, 'hasPan'>[],
  ): Promise<CommissionShare[]> {
    const pans = await this.withPan(
      tx,
      shares.map((share) => share.userId),
    );
    return shares.map((share) => ({ ...share, hasPan: pans.has(share.userId) }));
  }

  /**
   * The GST and TDS rates in force on the India day of the transaction's own clock (`now()`
   * is the transaction's start, which is also the `occurred_at` of the event it appends).
   */
  async ratesInForce(tx: Tx): Promise<TaxRatesInForce> {
    const { rows } = await tx.query<{ kind: TaxKind; rate: number }>(
      `SELECT DISTINCT ON (kind) kind, rate FROM tax_rates
        WHERE effective_from <= (now() AT TIME ZONE 'Asia/Kolkata')::date
        ORDER BY kind, effective_from DESC, id DESC`,
    );
    const rates = { ...DEFAULT_TAX_RATES };
    for (const row of rows) rates[row.kind] = row.rate;
    return rates;
  }

  async taxRates(): Promise<TaxRateRow[]> {
    const { rows } = await this.db.query<TaxRateRow>(
      `SELECT id::text, kind, rate, to_char(effective_from, 'YYYY-MM-DD') AS "effectiveFrom",
              created_at AS "createdAt", created_by AS "createdBy"
         FROM tax_rates ORDER BY kind, effective_from DESC, id DESC`,
    );
    return rows;
  }

  async addTaxRate(
    tx: Tx,
    rate: { kind: TaxKind; rate: number; effectiveFrom: string; createdBy: string },
  ): Promise<TaxRateRow> {
    const { rows } = await tx.query<TaxRateRow>(
      `INSERT INTO tax_rates (kind, rate, effective_from, created_by) VALUES ($1, $2, $3, $4)
       RETURNING id::text, kind, rate, to_char(effective_from, 'YYYY-MM-DD') AS "effectiveFrom",
                 created_at AS "createdAt", created_by AS "createdBy"`,
      [rate.kind, rate.rate, rate.effectiveFrom, rate.createdBy],
    );
    return rows[0]!;
  }

  async schemes(): Promise<(StoredScheme & { defaultFor: string[]; assigned: number })[]> {
    const { rows } = await this.db.query<StoredScheme & { defaultFor: string[]; assigned: number }>(
      `SELECT ${SCHEME_COLUMNS},
              COALESCE((SELECT array_agg(role_kind ORDER BY role_kind) FROM commission_scheme_defaults d
                         WHERE d.scheme_id = s.id), '{}') AS "defaultFor",
              (SELECT count(*)::int FROM commission_scheme_assignments a WHERE a.scheme_id = s.id)
                AS assigned
         FROM commission_schemes s ORDER BY s.service, s.name, s.id`,
    );
    return rows;
  }

  async scheme(tx: Tx, id: string): Promise<StoredScheme | undefined> {
    const { rows } = await tx.query<StoredScheme>(
      `SELECT ${SCHEME_COLUMNS} FROM commission_schemes s WHERE s.id = $1`,
      [id],
    );
    return rows[0];
  }

  async insertScheme(
    tx: Tx,
    scheme: SchemeWrite & { service: SchemeService },
  ): Promise<StoredScheme> {
    const { rows } = await tx.query<StoredScheme>(
      `INSERT INTO commission_schemes AS s (name, service, slabs, category_slabs, updated_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${SCHEME_COLUMNS}`,
      [
        scheme.name,
        scheme.service,
        JSON.stringify(scheme.slabs),
        jsonOrNull(scheme.categorySlabs),
        scheme.by,
      ],
    );
    return rows[0]!;
  }

  /** Edits a scheme in place; a payout already requested keeps its snapshot. */
  async updateScheme(tx: Tx, id: string, scheme: SchemeWrite): Promise<StoredScheme | undefined> {
    const { rows } = await tx.query<StoredScheme>(
      `UPDATE commission_schemes s SET name = $2, slabs = $3, category_slabs = $4, updated_by = $5,
              updated_at = now()
        WHERE s.id = $1 RETURNING ${SCHEME_COLUMNS}`,
      [id, scheme.name, JSON.stringify(scheme.slabs), jsonOrNull(scheme.categorySlabs), scheme.by],
    );
    return rows[0];
  }

  async setDefault(tx: Tx, roleKind: RoleKind, service: SchemeService, schemeId: string) {
    await tx.query(
      `INSERT INTO commission_scheme_defaults (role_kind, service, scheme_id) VALUES ($1, $2, $3)
       ON CONFLICT (role_kind, service) DO UPDATE SET scheme_id = EXCLUDED.scheme_id`,
      [roleKind, service, schemeId],
    );
  }

  /** Assigns a scheme to a user for its service, or (schemeId null) returns it to its role's. */
  async assign(
    tx: Tx,
    userId: string,
    service: SchemeService,
    schemeId: string | null,
    by: string,
  ): Promise<void> {
    if (schemeId === null) {
      await tx.query(
        'DELETE FROM commission_scheme_assignments WHERE user_id = $1 AND service = $2',
        [userId, service],
      );
      return;
    }
    await tx.query(
      `INSERT INTO commission_scheme_assignments (user_id, service, scheme_id, assigned_by)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, service)
         DO UPDATE SET scheme_id = EXCLUDED.scheme_id, assigned_by = EXCLUDED.assigned_by,
                       assigned_at = now()`,
      [userId, service, schemeId, by],
    );
  }

  /**
   * Commissions by India day or month from the ledger's events: each processed payout's split
   * (`data.split`), less each returned one's. `earnerId` limits it to one earner.
   */
  async profit(filter: ProfitWindow & { earnerId: string | null }): Promise<ProfitLine[]> {
    const period = filter.by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const { rows } = await this.db.query<ProfitLine>(
      `WITH lines AS (
         SELECT to_char(c.occurred_at AT TIME ZONE 'Asia/Kolkata', '${period}') AS period,
                c.sign, c.user_id, c.gross, c.tds, c.net
           FROM ledger_commission_lines(($1::date::timestamp AT TIME ZONE 'Asia/Kolkata'),
                                        (($2::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')) c)
       SELECT l.period, u.id AS "userId", u.name, u.mobile, u.role,
              sum(l.sign * l.gross)::bigint AS gross, sum(l.sign * l.tds)::bigint AS tds,
              sum(l.sign * l.net)::bigint AS net, sum(l.sign)::int AS count
         FROM lines l JOIN users u ON u.id = l.user_id
        WHERE ($3::uuid IS NULL OR u.id = $3::uuid)
        GROUP BY l.period, u.id, u.name, u.mobile, u.role
        ORDER BY l.period DESC, u.name, u.id`,
      [filter.from, filter.to, filter.earnerId],
    );
    return rows.map((row) => ({
      ...row,
      gross: Number(row.gross),
      tds: Number(row.tds),
      net: Number(row.net),
    }));
  }

  /**
   * A user's own payout fees (`service_rates.payout`), the retailer's side of the payout
   * scheme: a slab set here wins over the scheme's fee.
   */
  async setPayoutRates(tx: Tx, userId: string, rates: PayoutRates): Promise<void> {
    await tx.query(
      `UPDATE users SET service_rates = jsonb_set(service_rates, '{payout}', $2::jsonb),
                        updated_at = now()
        WHERE id = $1`,
      [userId, JSON.stringify(rates)],
    );
  }

  /** A user's own assignments, service → scheme id. */
  async assignmentsOf(userId: string): Promise<Partial<Record<SchemeService, string>>> {
    const { rows } = await this.db.query<{ service: SchemeService; schemeId: string }>(
      `SELECT service, scheme_id AS "schemeId" FROM commission_scheme_assignments WHERE user_id = $1`,
      [userId],
    );
    return Object.fromEntries(rows.map((row) => [row.service, row.schemeId]));
  }
}

/** The scheme's shares of one payout, snapshotted when it is requested (payouts.commission). */
export interface PayoutCommission {
  schemeId: string;
  slab: number;
  shares: { level: UplineLevel; userId: string; gross: number }[];
}
