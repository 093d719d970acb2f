import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';

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
}

export interface CallbackRequestPage {
  requests: CallbackRequest[];
  total: number;
}

const COLUMNS = `id, name, mobile, message, ip, created_at AS "createdAt", handled_at AS "handledAt"`;

/** The call-back requests visitors leave on the public site. */
@Injectable()
export class CallbackRequestsRepository {
  constructor(private readonly db: Db) {}

  async insert(request: NewCallbackRequest): Promise<CallbackRequest> {
    const [row] = (
      await this.db.query<CallbackRequest>(
        `INSERT INTO callback_requests (name, mobile, message, ip, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [request.name, request.mobile, request.message, request.ip, request.createdAt],
      )
    ).rows;
    return row!;
  }

  /** The newest first; `page` counts from 1. */
  async latest(page: number, pageSize: number): Promise<CallbackRequestPage> {
    const [{ rows: requests }, { rows: counts }] = await Promise.all([
      this.db.query<CallbackRequest>(
        `SELECT ${COLUMNS} FROM callback_requests
          ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      ),
      this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM callback_requests'),
    ]);
    return { requests, total: counts[0]?.total ?? 0 };
  }
}
