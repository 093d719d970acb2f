import { Injectable } from '@nestjs/common';
import {
  addDays,
  indiaDayStart,
  isUuid,
  type AuditActionKey,
  type AuditOutcome,
} from '@khata/domain';
import { Db } from '../database/unit-of-work.js';

export interface AuditLogFilter {
  /** A 10-digit mobile or a user id (checked). */
  actor?: string;
  action?: AuditActionKey;
  target?: string;
  outcome?: AuditOutcome;
  /** India's days, both included. */
  from: string;
  to: string;
}

export interface AuditLogEntry {
  id: string;
  at: Date;
  action: string;
  outcome: AuditOutcome;
  ip: string | null;
  latitude: string | null;
  longitude: string | null;
  details: unknown;
  /** For a credit or debit audited before issue 23 (an event id, no order id): its order's seq. */
  legacySeq: string | null;
  actorId: string | null;
  actorName: string | null;
  actorMobile: string | null;
  actorRole: string | null;
  targetId: string | null;
  targetName: string | null;
  targetMobile: string | null;
  targetRole: string | null;
}

/** Reads the append-only audit_log for the Logs screen; newest first, paged on the server. */
@Injectable()
export class AuditLogsRepository {
  constructor(private readonly db: Db) {}

  async page(
    filter: AuditLogFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AuditLogEntry[]; total: number }> {
    const params: unknown[] = [indiaDayStart(filter.from), indiaDayStart(addDays(filter.to, 1))];
    const where = ['l.occurred_at >= $1', 'l.occurred_at < $2'];
    const person = (column: string, value: string | undefined) => {
      if (value === undefined) return;
      params.push(value);
      where.push(
        isUuid(value)
          ? `l.${column} = $${params.length}::uuid`
          : `l.${column} IN (SELECT id FROM users WHERE mobile = $${params.length})`,
      );
    };
    person('actor_id', filter.actor);
    person('subject_id', filter.target);
    if (filter.action) {
      params.push(filter.action);
      where.push(`l.action = $${params.length}`);
    }
    if (filter.outcome) {
      params.push(filter.outcome);
      where.push(`l.outcome = $${params.length}`);
    }
    const clause = where.join(' AND ');
    const [{ total }] = (
      await this.db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM audit_log l WHERE ${clause}`,
        params,
      )
    ).rows as [{ total: number }];
    params.push(page.limit, page.offset);
    const { rows } = await this.db.query<AuditLogEntry>(
      `SELECT l.id::text AS id, l.occurred_at AS at, l.action, l.outcome, l.ip,
              l.latitude::text AS latitude, l.longitude::text AS longitude, l.details,
              (SELECT r.opened_seq::text FROM transaction_records r
                WHERE l.action IN ('wallet.credit', 'wallet.debit') AND NOT l.details ? 'orderID'
                  AND r.record_id = l.details->>'eventId' AND r.user_id = l.subject_id
                LIMIT 1) AS "legacySeq",
              COALESCE(a.id, l.actor_id) AS "actorId", a.name AS "actorName", a.mobile AS "actorMobile",
              a.role AS "actorRole",
              COALESCE(t.id, l.subject_id) AS "targetId", t.name AS "targetName",
              t.mobile AS "targetMobile", t.role AS "targetRole"
         FROM audit_log l
         LEFT JOIN users a ON a.id = l.actor_id
         LEFT JOIN users t ON t.id = l.subject_id
        WHERE ${clause}
        ORDER BY l.occurred_at DESC, l.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { rows, total };
  }
}
