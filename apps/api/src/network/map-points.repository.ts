import { Injectable } from '@nestjs/common';
import type { Viewer } from '@khata/domain';
import { rowsOfPage } from '../common/http/paging.js';
import { LaggingReads } from '../database/lagging-reads.js';
import { NetworkScopes } from './network-scopes.js';

export interface MapPointRow {
  id: string;
  name: string;
  mobile: string;
  role: string;
  shop_name: string | null;
  city: string | null;
  latitude: string | null;
  longitude: string | null;
  located_at: Date | null;
}

export interface MapPointFilter {
  text?: string;
  page: number;
  pageSize: number;
}

/**
 * Issue 14, Map Generator: the users (and their shops) the viewer sees, with the last location
 * a session of theirs sent (as Merchant List reads it); users who never sent one come too, with
 * null coordinates, so the screen can say the coordinates are not available.
 */
@Injectable()
export class MapPointsRepository {
  constructor(
    private readonly reads: LaggingReads,
    private readonly scopes: NetworkScopes,
  ) {}

  async list(viewer: Viewer, filter: MapPointFilter) {
    const pattern = filter.text
      ? `%${filter.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      : null;
    const match = `($1::text IS NULL OR u.name ILIKE $1 OR u.mobile LIKE $1
                 OR u.shop_name ILIKE $1 OR u.city ILIKE $1)`;
    const { limit, offset } = rowsOfPage(filter.page, filter.pageSize);
    const params: unknown[] = [pattern, limit, offset];
    const scope = this.scopes.visibleFilter(viewer, 'u', params);
    const countParams: unknown[] = [pattern];
    const countScope = this.scopes.visibleFilter(viewer, 'u', countParams);
    const [{ rows }, { rows: counts }] = await Promise.all([
      this.reads.read<MapPointRow>(
        `SELECT u.id, u.name, u.mobile, u.role, u.shop_name, u.city,
                s.latitude::text AS latitude, s.longitude::text AS longitude,
                s.created_at AS located_at
           FROM users u
           LEFT JOIN LATERAL (
             SELECT latitude, longitude, created_at FROM sessions
              WHERE user_id = u.id AND latitude IS NOT NULL AND longitude IS NOT NULL
              ORDER BY created_at DESC LIMIT 1) s ON TRUE
          WHERE ${scope} AND ${match}
          ORDER BY u.created_at DESC, u.id LIMIT $2 OFFSET $3`,
        params,
      ),
      this.reads.read<{ total: number }>(
        `SELECT count(*)::int AS total FROM users u WHERE ${countScope} AND ${match}`,
        countParams,
      ),
    ]);
    return { rows, total: counts[0]?.total ?? 0 };
  }
}
