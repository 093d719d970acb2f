import { Inject, Injectable } from '@nestjs/common';
import {
  effectiveServices,
  type KycState,
  roleKind,
  roleName,
  type RoleKind,
  type ServiceOverride,
  type Viewer,
} from '@khata/domain';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Db } from '../database/unit-of-work.js';
import { NetworkScopes } from './network-scopes.js';
import { rowsOfPage } from '../common/http/paging.js';

/** The retailers of the network: the two employee kinds and plain users. */
export const MERCHANT_KINDS: readonly RoleKind[] = ['employee1', 'employee2', 'user'];

export interface MerchantRow {
  id: string;
  name: string;
  mobile: string;
  role: string;
  status: 'active' | 'blocked';
  shop_name: string | null;
  city: string | null;
  /** Effective services: the role's defaults with the user's overrides (effectiveServices). */
  services: string[];
  kyc_state: KycState;
  latitude: string | null;
  longitude: string | null;
  located_at: Date | null;
}

export interface MerchantFilter {
  text?: string;
  page: number;
  pageSize: number;
}

@Injectable()
export class MerchantsRepository {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Retailers the viewer sees, newest first, with where they last signed in from: the latest
   * session that sent a location (sessions_user_created_idx walks a user's sessions newest
   * first, so it is one short index scan per merchant on the page).
   */
  async list(
    viewer: Viewer,
    filter: MerchantFilter,
  ): Promise<{ rows: MerchantRow[]; total: number }> {
    const roles = MERCHANT_KINDS.map((kind) => roleName(kind, this.config.productKey));
    const pattern = filter.text
      ? `%${filter.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      : null;
    const { limit, offset } = rowsOfPage(filter.page, filter.pageSize);
    const params: unknown[] = [roles, pattern, limit, offset];
    const scope = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<
      Omit<MerchantRow, 'services'> & { service_overrides: ServiceOverride[]; total: number }
    >(
      `SELECT u.id, u.name, u.mobile, u.role, u.status, u.shop_name, u.city, u.kyc_state,
              (SELECT coalesce(json_agg(json_build_object('service', o.service, 'enabled', o.enabled)), '[]'::json)
                 FROM user_service_overrides o WHERE o.user_id = u.id) AS service_overrides,
              s.latitude::text AS latitude, s.longitude::text AS longitude, s.created_at AS located_at,
              count(*) OVER ()::int AS total
         FROM users u
         LEFT JOIN LATERAL (
           SELECT latitude, longitude, created_at FROM sessions
            WHERE user_id = u.id AND latitude IS NOT NULL AND longitude IS NOT NULL
            ORDER BY created_at DESC LIMIT 1) s ON TRUE
        WHERE u.role = ANY($1::text[]) AND ${scope}
          AND ($2::text IS NULL OR u.name ILIKE $2 OR u.mobile LIKE $2
               OR u.shop_name ILIKE $2 OR u.city ILIKE $2)
        ORDER BY u.created_at DESC, u.id LIMIT $3 OFFSET $4`,
      params,
    );
    const total =
      rows[0]?.total ?? (filter.page > 1 ? await this.countPastEnd(viewer, roles, pattern) : 0);
    return { rows: rows.map((row) => this.withServices(row)), total };
  }

  private withServices({
    service_overrides: overrides,
    total: _total,
    ...row
  }: Omit<MerchantRow, 'services'> & { service_overrides: ServiceOverride[]; total: number }) {
    const kind = roleKind(row.role, this.config.productKey);
    return {
      ...row,
      services: kind ? effectiveServices({ kind, overrides, kycState: row.kyc_state }) : [],
    };
  }

  /** A page past the end has no rows to carry the total: count it alone. */
  private async countPastEnd(viewer: Viewer, roles: string[], pattern: string | null) {
    const params: unknown[] = [roles, pattern];
    const scope = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM users u
        WHERE u.role = ANY($1::text[]) AND ${scope}
          AND ($2::text IS NULL OR u.name ILIKE $2 OR u.mobile LIKE $2
               OR u.shop_name ILIKE $2 OR u.city ILIKE $2)`,
      params,
    );
    return rows[0]?.total ?? 0;
  }
}
