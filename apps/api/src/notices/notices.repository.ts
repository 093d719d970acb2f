import { Injectable } from '@nestjs/common';
import type { RoleKind } from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface Notice {
  id: string;
  title: string;
  body: string;
  /** null: everyone in the admin area. */
  audience: RoleKind[] | null;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  createdById: string;
  createdByName: string | null;
  withdrawnAt: Date | null;
  dismissals: number;
}

export type NewNotice = Pick<Notice, 'title' | 'body' | 'audience' | 'startsAt' | 'endsAt'> & {
  createdBy: string;
  createdAt: Date;
  /** Set when the notice is pushed as it is posted (live at once); null waits for its window. */
  announcedAt: Date | null;
};

/** A notice whose window opened and which nobody has been told of yet. */
export type DueNotice = Pick<Notice, 'id' | 'title' | 'body' | 'audience' | 'startsAt' | 'endsAt'>;

const COLUMNS = `n.id, n.title, n.body, n.audience, n.starts_at AS "startsAt", n.ends_at AS "endsAt",
  n.created_at AS "createdAt", n.created_by AS "createdById", u.name AS "createdByName",
  n.withdrawn_at AS "withdrawnAt",
  (SELECT count(*)::int FROM notice_dismissals d WHERE d.notice_id = n.id) AS dismissals`;
const FROM = 'notices n LEFT JOIN users u ON u.id = n.created_by';

/** Notices and who dismissed them. */
@Injectable()
export class NoticesRepository {
  constructor(private readonly db: Db) {}

  async insert(tx: Tx, notice: NewNotice): Promise<Notice> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO notices (title, body, audience, starts_at, ends_at, created_by, created_at,
                            announced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        notice.title,
        notice.body,
        notice.audience,
        notice.startsAt,
        notice.endsAt,
        notice.createdBy,
        notice.createdAt,
        notice.announcedAt,
      ],
    );
    return (await this.find(tx, rows[0]!.id))!;
  }

  /**
   * Claims the notices whose window has opened by `now` and that were never announced, marking
   * them announced: each is claimed once, whichever process runs the job. Those whose window
   * also ended meanwhile are marked but not returned (too late to push).
   */
  async claimDue(now: Date): Promise<DueNotice[]> {
    const { rows } = await this.db.query<DueNotice & { live: boolean }>(
      `UPDATE notices SET announced_at = $1
        WHERE announced_at IS NULL AND withdrawn_at IS NULL AND starts_at <= $1
        RETURNING id, title, body, audience, starts_at AS "startsAt", ends_at AS "endsAt",
                  ends_at > $1 AS live`,
      [now],
    );
    return rows.filter((row) => row.live).map(({ live: _live, ...notice }) => notice);
  }

  async find(tx: Tx | Db, id: string): Promise<Notice | null> {
    const { rows } = await tx.query<Notice>(`SELECT ${COLUMNS} FROM ${FROM} WHERE n.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Every notice, newest first; `page` counts from 1. */
  async latest(page: number, pageSize: number): Promise<{ notices: Notice[]; total: number }> {
    const [{ rows: notices }, { rows: counts }] = await Promise.all([
      this.db.query<Notice>(
        `SELECT ${COLUMNS} FROM ${FROM} ORDER BY n.created_at DESC, n.id LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      ),
      this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM notices'),
    ]);
    return { notices, total: counts[0]?.total ?? 0 };
  }

  /** Withdraws a notice once; false when it was withdrawn already (the second of two racing). */
  async withdraw(tx: Tx, id: string, by: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE notices SET withdrawn_at = $3, withdrawn_by = $2
        WHERE id = $1 AND withdrawn_at IS NULL`,
      [id, by, at],
    );
    return (rowCount ?? 0) === 1;
  }

  /** What a user of this role sees now: live, addressed to the role, not dismissed by them. */
  async activeFor(userId: string, kind: RoleKind, now: Date, limit = 20): Promise<Notice[]> {
    const { rows } = await this.db.query<Notice>(
      `SELECT ${COLUMNS} FROM ${FROM}
        WHERE n.withdrawn_at IS NULL AND n.starts_at <= $3 AND n.ends_at > $3
          AND (n.audience IS NULL OR $2 = ANY (n.audience))
          AND NOT EXISTS (SELECT 1 FROM notice_dismissals d WHERE d.notice_id = n.id AND d.user_id = $1)
        ORDER BY n.starts_at DESC, n.id LIMIT $4`,
      [userId, kind, now, limit],
    );
    return rows;
  }

  /** Records the dismissal (again is a no-op, so it holds on every device and is idempotent). */
  async dismiss(userId: string, noticeId: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO notice_dismissals (notice_id, user_id, dismissed_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [noticeId, userId, at],
    );
  }
}
