import { Injectable } from '@nestjs/common';
import type { ApprovalKind, ApprovalState, Paise } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';

interface Person {
  id: string;
  name: string;
  mobile: string;
}

/** A four-eyes request with the people around it (issue 31 item 4). */
export interface ApprovalRow {
  id: string;
  kind: ApprovalKind;
  state: ApprovalState;
  requestKey: string;
  amount: Paise;
  remark: string | null;
  fundRequestId: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  reason: string | null;
  orderId: string | null;
  subject: Person;
  requestedBy: Person;
  decidedBy: Person | null;
}

export interface NewApproval {
  id: string;
  kind: ApprovalKind;
  requestedBy: string;
  requestKey: string;
  subjectId: string;
  amount: Paise;
  remark: string | null;
  fundRequestId: string | null;
  createdAt: Date;
}

const person = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'mobile', ${alias}.mobile)`;

const SELECT = `SELECT a.id, a.kind, a.state, a.request_key AS "requestKey", a.amount, a.remark,
    a.fund_request_id AS "fundRequestId", a.created_at AS "createdAt",
    a.decided_at AS "decidedAt", a.reason, a.order_id AS "orderId",
    ${person('s')} AS subject, ${person('r')} AS "requestedBy",
    CASE WHEN d.id IS NULL THEN NULL ELSE ${person('d')} END AS "decidedBy"
  FROM admin_approvals a
  JOIN users s ON s.id = a.subject_id
  JOIN users r ON r.id = a.requested_by
  LEFT JOIN users d ON d.id = a.decided_by`;

const OPEN = `a.state IN ('pending', 'approving')`;

/** The `admin_approvals` table: asked, claimed by a second admin, then approved or rejected. */
@Injectable()
export class ApprovalsRepository {
  /** Inserts unless this requester already sent this key; answers the row either way. */
  async insert(tx: Tx, approval: NewApproval): Promise<ApprovalRow> {
    await tx.query(
      `INSERT INTO admin_approvals (id, kind, requested_by, request_key, subject_id, amount,
                                    remark, fund_request_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (requested_by, request_key) DO NOTHING`,
      [
        approval.id,
        approval.kind,
        approval.requestedBy,
        approval.requestKey,
        approval.subjectId,
        approval.amount,
        approval.remark,
        approval.fundRequestId,
        approval.createdAt,
      ],
    );
    const { rows } = await tx.query<ApprovalRow>(
      `${SELECT} WHERE a.requested_by = $1 AND a.request_key = $2`,
      [approval.requestedBy, approval.requestKey],
    );
    return rows[0]!;
  }

  async find(tx: Tx, id: string): Promise<ApprovalRow | undefined> {
    const { rows } = await tx.query<ApprovalRow>(`${SELECT} WHERE a.id = $1`, [id]);
    return rows[0];
  }

  /** The row, locked for this transaction: two deciders are ordered by it. */
  async lock(tx: Tx, id: string): Promise<ApprovalRow | undefined> {
    const { rows } = await tx.query<ApprovalRow>(`${SELECT} WHERE a.id = $1 FOR UPDATE OF a`, [id]);
    return rows[0];
  }

  /** Whether a fund request already waits for a second admin. */
  async openForFundRequest(tx: Tx, fundRequestId: string): Promise<boolean> {
    const { rows } = await tx.query(
      `SELECT 1 FROM admin_approvals a WHERE a.fund_request_id = $1 AND ${OPEN}`,
      [fundRequestId],
    );
    return rows.length > 0;
  }

  /** Open requests oldest first, or the latest decided ones. */
  async list(tx: Tx, which: 'open' | 'decided'): Promise<ApprovalRow[]> {
    const { rows } = await tx.query<ApprovalRow>(
      which === 'open'
        ? `${SELECT} WHERE ${OPEN} ORDER BY a.created_at`
        : `${SELECT} WHERE NOT ${OPEN} ORDER BY a.decided_at DESC LIMIT 200`,
    );
    return rows;
  }

  /** A second admin's claim: only one of a burst gets it. */
  async claim(tx: Tx, id: string, by: string): Promise<void> {
    await tx.query(
      `UPDATE admin_approvals SET state = 'approving', decided_by = $2
        WHERE id = $1 AND state = 'pending'`,
      [id, by],
    );
  }

  /** A claim whose posting was refused (nothing posted): the request waits again. */
  async release(tx: Tx, id: string, by: string): Promise<void> {
    await tx.query(
      `UPDATE admin_approvals SET state = 'pending', decided_by = NULL
        WHERE id = $1 AND state = 'approving' AND decided_by = $2`,
      [id, by],
    );
  }

  async approved(tx: Tx, id: string, at: Date, orderId: string | null): Promise<void> {
    await tx.query(
      `UPDATE admin_approvals SET state = 'approved', decided_at = $2, order_id = $3
        WHERE id = $1 AND state = 'approving'`,
      [id, at, orderId],
    );
  }

  async reject(tx: Tx, id: string, by: string, at: Date, reason: string): Promise<void> {
    await tx.query(
      `UPDATE admin_approvals SET state = 'rejected', decided_by = $2, decided_at = $3, reason = $4
        WHERE id = $1 AND state = 'pending'`,
      [id, by, at, reason],
    );
  }
}
