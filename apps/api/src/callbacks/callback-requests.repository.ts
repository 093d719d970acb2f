import { Injectable } from '@nestjs/common';
import type { CallbackStatusFilter } from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';
import { rowsOfPage } from '../common/http/paging.js';

export interface NewCallbackRequest {
  name: string;
  mobile: string;
  message: string | null;
  ip: string | null;
  createdAt: Date;
}

export interface CallbackRequest extends NewCallbackRequest {
  id: string;
  handledAt: Date | null;
  handledById: string | null;
  handledByName: string | null;
  handledNote: string | null;
}

export interface CallbackRequestPage {
  requests: CallbackRequest[];
  total: number;
}

const COLUMNS = `c.id, c.name, c.mobile, c.message, c.ip, c.created_at AS "createdAt",
  c.handled_at AS "handledAt", c.handled_by AS "handledById", h.name AS "handledByName",
  c.handled_note AS "handledNote"`;
const FROM = 'callback_requests c LEFT JOIN users h ON h.id = c.handled_by';
const STATUS_WHERE: Record<CallbackStatusFilter, string> = {
  open: 'WHERE c.handled_at IS NULL',
  handled: 'WHERE c.handled_at IS NOT NULL',
  all: '',
};

/** The call-back requests visitors leave on the public site. */
@Injectable()
export class CallbackRequestsRepository {
  constructor(private readonly db: Db) {}

  async insert(request: NewCallbackRequest): Promise<CallbackRequest> {
    const [row] = (
      await this.db.query<CallbackRequest>(
        `INSERT INTO callback_requests (name, mobile, message, ip, created_at)
       VALUES ($1, $2, $3, $4, $5)
       RETURNING id, name, mobile, message, ip, created_at AS "createdAt", handled_at AS "handledAt",
         NULL::uuid AS "handledById", NULL::text AS "handledByName", NULL::text AS "handledNote"`,
        [request.name, request.mobile, request.message, request.ip, request.createdAt],
      )
    ).rows;
    return row!;
  }

  /** The newest first; `page` counts from 1. */
  async latest(
    page: number,
    pageSize: number,
    status: CallbackStatusFilter = 'all',
  ): Promise<CallbackRequestPage> {
    const where = STATUS_WHERE[status];
    const { limit, offset } = rowsOfPage(page, pageSize);
    const [{ rows: requests }, { rows: counts }] = await Promise.all([
      this.db.query<CallbackRequest>(
        `SELECT ${COLUMNS} FROM ${FROM} ${where}
          ORDER BY c.created_at DESC, c.id LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      this.db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM callback_requests c ${where}`,
      ),
    ]);
    return { requests, total: counts[0]?.total ?? 0 };
  }

  async find(tx: Tx | Db, id: string): Promise<CallbackRequest | null> {
    const { rows } = await tx.query<CallbackRequest>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Marks an open request handled; false when it was handled already. The condition on
   * `handled_at` makes the second of two racing admins update nothing (it waits for the
   * first's row lock, then re-reads the row), so a request is handled exactly once.
   */
  async markHandled(tx: Tx, id: string, by: string, note: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE callback_requests SET handled_at = $3, handled_by = $2, handled_note = $4
        WHERE id = $1 AND handled_at IS NULL`,
      [id, by, at, note],
    );
    return (rowCount ?? 0) === 1;
  }
}
