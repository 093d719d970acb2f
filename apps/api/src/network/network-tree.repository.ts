import { Injectable } from '@nestjs/common';
import {
  NETWORK_CHILDREN_LIMIT,
  NETWORK_SEARCH_LIMIT,
  type Paise,
  type Viewer,
} from '@khata/domain';
import { Db } from '../database/unit-of-work.js';
import { NetworkScopes } from './network-scopes.js';

/** A member of the tree in paise, as the database has it. */
export interface MemberRow {
  id: string;
  name: string;
  mobile: string;
  role: string;
  status: 'active' | 'blocked';
  shop_name: string | null;
  balance: Paise;
  month_volume: Paise;
  child_count: number;
}

export interface SearchRow extends MemberRow {
  /** Ancestors from the top of the viewer's tree down to the parent, as `id:name`… */
  path: { id: string; name: string }[];
}

/**
 * The member's columns. The balance is the wallet's available amount (ledger_balances(),
 * one row by the (owner, kind) key). The month's volume is what the wallet was debited this
 * month, read from the read model's monthly_totals (its primary key starts with the account
 * and the month, so it is one index range per member): every posted debit counts, payouts,
 * settlements, transfers sent and fees; money only held (a payout in flight) counts once posted.
 * `$month` is the position of the month's first day among the parameters.
 */
function memberColumns(month: number): string {
  return `u.id, u.name, u.mobile, u.role, u.status, u.shop_name,
          coalesce(w.available, 0)::text AS balance,
          coalesce((SELECT sum(t.debits) FROM monthly_totals t
                     WHERE t.account_id = w.account_id AND t.month = $${month}::date), 0)::text AS month_volume,
          (SELECT count(*)::int FROM users c WHERE c.parent_id = u.id) AS child_count`;
}
const WALLET = `LEFT JOIN ledger_balances() w ON w.owner_id = u.id AND w.kind = 'wallet'`;

/** sum() of bigint is numeric: it arrives as text and is made exact paise here. */
function toMember<T extends { balance: unknown; month_volume: unknown }>(row: T) {
  return { ...row, balance: Number(row.balance), month_volume: Number(row.month_volume) };
}

/** Reads of the network tree, always through the viewer's scope (NetworkScopes). */
@Injectable()
export class NetworkTreeRepository {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
  ) {}

  /** One member, if the viewer sees it. `month` is the month's first day, `YYYY-MM-01`. */
  async member(viewer: Viewer, id: string, month: string): Promise<MemberRow | undefined> {
    const params: unknown[] = [month, id];
    const filter = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<MemberRow>(
      `SELECT ${memberColumns(1)} FROM users u ${WALLET} WHERE u.id = $2 AND ${filter}`,
      params,
    );
    return rows[0] && toMember(rows[0]);
  }

  /** The visible children of a node (of nobody: the users without a parent), by name. */
  async children(
    viewer: Viewer,
    parentId: string | null,
    month: string,
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const params: unknown[] = [month, parentId, NETWORK_CHILDREN_LIMIT];
    const filter = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<MemberRow & { total: number }>(
      `SELECT ${memberColumns(1)}, count(*) OVER ()::int AS total
         FROM users u ${WALLET}
        WHERE u.parent_id IS NOT DISTINCT FROM $2::uuid AND ${filter}
        ORDER BY u.name, u.id LIMIT $3`,
      params,
    );
    return { rows: rows.map(toMember), total: rows[0]?.total ?? 0 };
  }

  /**
   * Members whose name, mobile or shop name holds `text`, with their ancestors up to the top
   * of the viewer's tree: the viewer itself for a distributor, a user without a parent for an
   * admin. The walk up stops there, so a distributor never learns its own upline.
   */
  async search(viewer: Viewer, text: string, month: string): Promise<SearchRow[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const params: unknown[] = [month, pattern, NETWORK_SEARCH_LIMIT, viewer.userId];
    const filter = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<SearchRow>(
      `WITH RECURSIVE hits AS (
         SELECT ${memberColumns(1)}, u.parent_id
           FROM users u ${WALLET}
          WHERE (u.name ILIKE $2 OR u.mobile LIKE $2 OR u.shop_name ILIKE $2) AND ${filter}
          ORDER BY u.name, u.id LIMIT $3
       ), up (hit_id, id, name, parent_id, depth) AS (
         SELECT h.id, p.id, p.name, p.parent_id, 1
           FROM hits h JOIN users p ON p.id = h.parent_id
          WHERE h.id <> $4
         UNION ALL
         SELECT up.hit_id, p.id, p.name, p.parent_id, up.depth + 1
           FROM up JOIN users p ON p.id = up.parent_id
          WHERE up.id <> $4 AND up.depth < 64
       )
       SELECT h.*, coalesce((SELECT json_agg(json_build_object('id', up.id, 'name', up.name)
                                             ORDER BY up.depth DESC)
                               FROM up WHERE up.hit_id = h.id), '[]') AS path
         FROM hits h ORDER BY h.name, h.id`,
      params,
    );
    return rows.map(toMember);
  }
}
