import { Injectable } from '@nestjs/common';
import type {
  KycState,
  Paise,
  ServiceOverride,
  SortOrder,
  UserSortColumn,
  UserStatus,
  Viewer,
} from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';
import { NetworkScopes } from '../network/network-scopes.js';
import { LedgerReads, LedgerStatements } from '@khata/ledger';
import type { StatementRow } from '../transactions/statement.js';

/**
 * What the user's KYC rests on (issue 23): an approved submission behind the state, and a PAN
 * on file (`users.pan_sealed`, the one TDS reads). Columns of `users u`.
 */
const KYC_FACTS_SQL = `EXISTS (SELECT 1 FROM kyc_submissions ks
                 WHERE ks.user_id = u.id AND ks.state = 'approved') AS "kycChecked",
              u.pan_sealed IS NOT NULL AS "panOnFile"`;

export interface UserFilter {
  search?: string;
  /** Stored role strings (the product key's employee names resolved by the caller). */
  role?: string;
  status?: UserStatus;
  kycState?: KycState;
}

export interface UserListEntry {
  id: string;
  name: string;
  mobile: string;
  role: string;
  shopName: string | null;
  status: UserStatus;
  kycState: KycState;
  kycChecked: boolean;
  panOnFile: boolean;
  parentId: string | null;
  parentName: string | null;
  parentMobile: string | null;
  createdAt: Date;
  wallet: Paise;
}

export interface UserProfileRow {
  id: string;
  name: string;
  mobile: string;
  email: string | null;
  role: string;
  shopName: string | null;
  status: UserStatus;
  statusReason: string | null;
  statusChangedAt: Date | null;
  kycState: KycState;
  kycChecked: boolean;
  panOnFile: boolean;
  /** The user's overrides of its role's services; `effectiveServices` makes the list. */
  serviceOverrides: ServiceOverride[];
  createdAt: Date;
}

export interface UplineRow {
  id: string;
  name: string;
  mobile: string;
  role: string;
  depth: number;
}

/** Whitelisted sort columns: the only SQL a caller's choice can reach. */
const SORT_SQL: Readonly<Record<UserSortColumn, string>> = {
  name: 'lower(u.name)',
  createdAt: 'u.created_at',
  role: 'u.role',
  balance: 'wallet',
};

/** `%` and `_` in a search are letters, not wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The reads and the one write of All Users and User details. Every read of other users is
 * scoped by NetworkScopes here, so no query can forget it.
 */
@Injectable()
export class UsersAdminRepository {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
  ) {}

  /** One page of the users the viewer sees that match, and how many match in all. */
  async list(
    viewer: Viewer,
    filter: UserFilter,
    sort: { column: UserSortColumn; order: SortOrder },
    page: { limit: number; offset: number },
  ): Promise<{ rows: UserListEntry[]; total: number }> {
    const params: unknown[] = [];
    const where = this.where(viewer, filter, params);
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    params.push(page.limit, page.offset);
    // The wallet balance joins the ledger's balance view (one row per account, indexed by
    // owner): cheaper than a LedgerReads call per row, and the same number.
    const { rows } = await this.db.query<UserListEntry & { total: number }>(
      `SELECT u.id, u.name, u.mobile, u.role, u.shop_name AS "shopName", u.status,
              u.kyc_state AS "kycState", ${KYC_FACTS_SQL},
              p.id AS "parentId", p.name AS "parentName", p.mobile AS "parentMobile",
              u.created_at AS "createdAt", coalesce(b.available, 0) AS wallet,
              count(*) OVER ()::int AS total
         FROM users u
         LEFT JOIN users p ON p.id = u.parent_id
         LEFT JOIN ledger_balances() b ON b.owner_id = u.id AND b.kind = 'wallet'
        WHERE ${where}
        ORDER BY ${SORT_SQL[sort.column]} ${direction}, u.id ${direction}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    if (rows.length === 0 && page.offset > 0) {
      // Past the last page: the count still matters to the pager.
      return { rows: [], total: await this.count(viewer, filter) };
    }
    return {
      rows: rows.map(({ total: _total, ...row }) => ({ ...row, wallet: Number(row.wallet) })),
      total: rows[0]?.total ?? 0,
    };
  }

  async count(viewer: Viewer, filter: UserFilter): Promise<number> {
    const params: unknown[] = [];
    const where = this.where(viewer, filter, params);
    const { rows } = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM users u WHERE ${where}`,
      params,
    );
    return rows[0]!.total;
  }

  private where(viewer: Viewer, filter: UserFilter, params: unknown[]): string {
    const conditions = [this.scopes.visibleFilter(viewer, 'u', params)];
    if (filter.search) {
      params.push(likePattern(filter.search));
      const p = `$${params.length}`;
      conditions.push(`(u.name ILIKE ${p} OR u.mobile LIKE ${p} OR u.shop_name ILIKE ${p})`);
    }
    if (filter.role) {
      params.push(filter.role);
      conditions.push(`u.role = $${params.length}`);
    }
    if (filter.status) {
      params.push(filter.status);
      conditions.push(`u.status = $${params.length}`);
    }
    if (filter.kycState) {
      params.push(filter.kycState);
      conditions.push(`u.kyc_state = $${params.length}`);
    }
    return conditions.join(' AND ');
  }

  /** The user's profile, if the viewer sees it; null otherwise (missing or outside). */
  async profile(viewer: Viewer, userId: string): Promise<UserProfileRow | null> {
    const params: unknown[] = [userId];
    const filter = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<UserProfileRow>(
      `SELECT u.id, u.name, u.mobile, u.email, u.role, u.shop_name AS "shopName", u.status,
              u.status_reason AS "statusReason", u.status_changed_at AS "statusChangedAt",
              u.kyc_state AS "kycState", ${KYC_FACTS_SQL},
              (SELECT coalesce(json_agg(json_build_object('service', o.service, 'enabled', o.enabled)
                                        ORDER BY o.service), '[]'::json)
                 FROM user_service_overrides o WHERE o.user_id = u.id) AS "serviceOverrides",
              u.created_at AS "createdAt"
         FROM users u WHERE u.id = $1 AND ${filter}`,
      params,
    );
    return rows[0] ?? null;
  }

  /** Everyone above the user, nearest first (depth 1 the parent); a cycle ends the walk. */
  async upline(userId: string): Promise<UplineRow[]> {
    const { rows } = await this.db.query<UplineRow>(
      `WITH RECURSIVE up (id, depth, path) AS (
         SELECT parent_id, 1, ARRAY[id] FROM users WHERE id = $1 AND parent_id IS NOT NULL
         UNION ALL
         SELECT u.parent_id, up.depth + 1, up.path || u.id
           FROM up JOIN users u ON u.id = up.id
          WHERE u.parent_id IS NOT NULL AND NOT u.parent_id = ANY (up.path || u.id) AND up.depth < 50
       )
       SELECT u.id, u.name, u.mobile, u.role, up.depth
         FROM up JOIN users u ON u.id = up.id ORDER BY up.depth`,
      [userId],
    );
    return rows;
  }

  /** How many users are below the user, at any depth. */
  async downlineCount(userId: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `WITH RECURSIVE down (id) AS (
         SELECT id FROM users WHERE parent_id = $1
         UNION
         SELECT child.id FROM users child JOIN down ON child.parent_id = down.id
       )
       SELECT count(*)::int AS count FROM down WHERE id <> $1`,
      [userId],
    );
    return rows[0]!.count;
  }

  /**
   * The latest lines of the user's wallet statement, newest first: the ledger report's own
   * query (LedgerStatements) over all time, read from its end.
   */
  async latestWalletLines(userId: string, limit: number): Promise<StatementRow[]> {
    const wallet = await new LedgerReads(this.db).accountOf(userId, 'wallet');
    if (!wallet) return [];
    return new LedgerStatements(this.db).latest(wallet, limit);
  }

  /** Locks the user's row for a status change; null when the viewer does not see it. */
  async lockForStatus(
    tx: Tx,
    viewer: Viewer,
    userId: string,
  ): Promise<{
    id: string;
    role: string;
    status: UserStatus;
    statusChangedBy: string | null;
  } | null> {
    const params: unknown[] = [userId];
    const filter = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await tx.query<{
      id: string;
      role: string;
      status: UserStatus;
      statusChangedBy: string | null;
    }>(
      `SELECT u.id, u.role, u.status, u.status_changed_by AS "statusChangedBy"
         FROM users u WHERE u.id = $1 AND ${filter} FOR UPDATE OF u`,
      params,
    );
    return rows[0] ?? null;
  }

  /** Whether the viewer's network rule reaches this user (the viewer itself included). */
  async sees(tx: Tx, viewer: Viewer, userId: string): Promise<boolean> {
    const params: unknown[] = [userId];
    const filter = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await tx.query(`SELECT 1 FROM users u WHERE u.id = $1 AND ${filter}`, params);
    return rows.length > 0;
  }

  async setStatus(
    tx: Tx,
    userId: string,
    change: { status: UserStatus; reason: string; by: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE users SET status = $2, status_reason = $3, status_changed_at = now(),
              status_changed_by = $4, updated_at = now()
        WHERE id = $1`,
      [userId, change.status, change.reason, change.by],
    );
  }
}
