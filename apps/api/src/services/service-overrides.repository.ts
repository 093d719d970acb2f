import { Injectable } from '@nestjs/common';
import type { KycState, ServiceOverride } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';

/**
 * The overrides of one `users` row as a JSON list, for SELECTs of `users` (unaliased) that
 * need the user's services: `effectiveServices({ kind, overrides })` makes the list from it.
 */
export const SERVICE_OVERRIDES_OF_USERS_ROW = `(SELECT coalesce(json_agg(json_build_object('service', o.service, 'enabled', o.enabled) ORDER BY o.service), '[]'::json)
     FROM user_service_overrides o WHERE o.user_id = users.id)`;

export interface StoredOverride extends ServiceOverride {
  changedBy: string | null;
  changedAt: Date;
  reason: string;
}

/** The user a services call is about, as the services feature needs it. */
export interface ServiceSubject {
  id: string;
  name: string;
  mobile: string;
  role: string;
  kycState: KycState;
}

/** Per-user overrides of the role's services (table user_service_overrides). */
@Injectable()
export class ServiceOverridesRepository {
  async of(tx: Tx, userId: string): Promise<StoredOverride[]> {
    const { rows } = await tx.query<StoredOverride>(
      `SELECT service, enabled, changed_by AS "changedBy", changed_at AS "changedAt", reason
         FROM user_service_overrides WHERE user_id = $1 ORDER BY service`,
      [userId],
    );
    return rows;
  }

  /** Records the override, replacing any earlier one of the same service. */
  async put(
    tx: Tx,
    userId: string,
    override: ServiceOverride,
    change: { by: string | null; reason: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO user_service_overrides (user_id, service, enabled, changed_by, reason)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, service) DO UPDATE
         SET enabled = EXCLUDED.enabled, changed_by = EXCLUDED.changed_by,
             changed_at = now(), reason = EXCLUDED.reason`,
      [userId, override.service, override.enabled, change.by, change.reason],
    );
  }

  /** The user follows its role's default for the service again. */
  async remove(tx: Tx, userId: string, service: string): Promise<void> {
    await tx.query('DELETE FROM user_service_overrides WHERE user_id = $1 AND service = $2', [
      userId,
      service,
    ]);
  }

  async findSubject(
    tx: Tx,
    where: { userId: string } | { mobile: string },
  ): Promise<ServiceSubject | null> {
    const [column, value] = 'userId' in where ? ['id', where.userId] : ['mobile', where.mobile];
    const { rows } = await tx.query<ServiceSubject>(
      `SELECT id, name, mobile, role, kyc_state AS "kycState" FROM users WHERE ${column} = $1`,
      [value],
    );
    return rows[0] ?? null;
  }

  /**
   * Locks the user's row until `tx` ends, so concurrent updates of one user's services apply
   * one after the other, each to what the previous one left.
   */
  async lockSubject(tx: Tx, userId: string): Promise<ServiceSubject | null> {
    const { rows } = await tx.query<ServiceSubject>(
      'SELECT id, name, mobile, role, kyc_state AS "kycState" FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    return rows[0] ?? null;
  }
}
