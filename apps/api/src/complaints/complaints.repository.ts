import { Injectable } from '@nestjs/common';
import type {
  BbpsComplaintFacts,
  ComplaintStatus,
  ComplaintStatusFilter,
  ComplaintTransaction,
} from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface Complaint {
  id: string;
  number: number;
  subject: string;
  status: ComplaintStatus;
  transaction: ComplaintTransaction | null;
  userId: string;
  userName: string;
  userMobile: string;
  userRole: string;
  assignedToId: string | null;
  assignedToName: string | null;
  lastFrom: 'user' | 'staff';
  createdAt: Date;
  updatedAt: Date;
  /** The Bharat BillPay side (issue 27), null for a complaint raised with us only. */
  bbps: BbpsComplaintFacts | null;
}

export interface ComplaintMessageRow {
  id: string;
  from: 'user' | 'staff';
  /** Null for what Bharat BillPay said (issue 27). */
  authorId: string | null;
  authorName: string;
  text: string;
  note: boolean;
  action: string | null;
  createdAt: Date;
}

export interface NewComplaintMessage {
  /** Null for what Bharat BillPay said (staff side only). */
  authorId: string | null;
  from: 'user' | 'staff';
  text: string;
  note: boolean;
  action: string | null;
  at: Date;
}

const COLUMNS = `c.id, c.number, c.subject, c.status, c.transaction, c.user_id AS "userId",
  u.name AS "userName", u.mobile AS "userMobile", u.role AS "userRole",
  c.assigned_to AS "assignedToId", a.name AS "assignedToName", c.last_from AS "lastFrom",
  c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  CASE WHEN c.bbps_type IS NULL THEN NULL ELSE jsonb_build_object(
    'type', c.bbps_type, 'disposition', c.bbps_disposition, 'party', c.bbps_party,
    'billerId', c.bbps_biller_id, 'billerName', c.bbps_biller_name,
    'paymentId', c.bbps_payment_id, 'bbpsReference', c.bbps_reference,
    'complaintId', c.bbps_complaint_id, 'status', c.bbps_status,
    'assignedTo', c.bbps_assigned_to, 'remarks', c.bbps_remarks,
    'dueOn', to_char(c.bbps_due_on, 'YYYY-MM-DD'),
    'checkedAt', to_char(c.bbps_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) END AS bbps`;
/** Who said a message: a user, or Bharat BillPay (no author) for a BBPS resolution. */
const BBPS_AUTHOR = 'Bharat BillPay';
const FROM = `complaints c JOIN users u ON u.id = c.user_id LEFT JOIN users a ON a.id = c.assigned_to`;

/** Complaints and their conversations. */
@Injectable()
export class ComplaintsRepository {
  constructor(private readonly db: Db) {}

  async insert(
    tx: Tx,
    complaint: {
      userId: string;
      subject: string;
      transaction: ComplaintTransaction | null;
      text: string;
      at: Date;
    },
  ): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO complaints (user_id, subject, status, transaction_id, transaction, last_from, created_at, updated_at)
       VALUES ($1, $2, 'open', $3, $4, 'user', $5, $5) RETURNING id`,
      [
        complaint.userId,
        complaint.subject,
        complaint.transaction?.id ?? null,
        complaint.transaction ? JSON.stringify(complaint.transaction) : null,
        complaint.at,
      ],
    );
    const id = rows[0]!.id;
    await this.addMessage(tx, id, {
      authorId: complaint.userId,
      from: 'user',
      text: complaint.text,
      note: false,
      action: null,
      at: complaint.at,
    });
    return id;
  }

  /** One complaint; `lock` holds its row until the transaction ends (one decision at a time). */
  async find(tx: Tx | Db, id: string, lock = false): Promise<Complaint | null> {
    const { rows } = await tx.query<Complaint>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1 ${lock ? 'FOR UPDATE OF c' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The conversation, oldest first; staff notes only when asked for. */
  async messages(tx: Tx | Db, id: string, withNotes: boolean): Promise<ComplaintMessageRow[]> {
    const { rows } = await tx.query<ComplaintMessageRow>(
      `SELECT m.id::text AS id, m.from_side AS "from", m.author_id AS "authorId",
              COALESCE(u.name, $3) AS "authorName", m.body AS text, m.note, m.action,
              m.created_at AS "createdAt"
         FROM complaint_messages m LEFT JOIN users u ON u.id = m.author_id
        WHERE m.complaint_id = $1 AND ($2 OR NOT m.note)
        ORDER BY m.id`,
      [id, withNotes, BBPS_AUTHOR],
    );
    return rows;
  }

  /** A user's own (`userId`) or everyone's (`null`), latest activity first. */
  async list(filter: {
    userId: string | null;
    status: ComplaintStatusFilter;
    page: number;
    pageSize: number;
  }): Promise<{ complaints: Complaint[]; total: number }> {
    const where = `WHERE ($1::uuid IS NULL OR c.user_id = $1) AND ($2::text = 'all' OR c.status = $2)`;
    const params = [filter.userId, filter.status];
    const [{ rows: complaints }, { rows: counts }] = await Promise.all([
      this.db.query<Complaint>(
        `SELECT ${COLUMNS} FROM ${FROM} ${where}
          ORDER BY c.updated_at DESC, c.number DESC LIMIT $3 OFFSET $4`,
        [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
      ),
      this.db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM complaints c ${where}`,
        params,
      ),
    ]);
    return { complaints, total: counts[0]?.total ?? 0 };
  }

  async update(
    tx: Tx,
    id: string,
    change: {
      status: ComplaintStatus;
      assignedTo?: string;
      lastFrom?: 'user' | 'staff';
      at: Date;
    },
  ): Promise<void> {
    await tx.query(
      `UPDATE complaints SET status = $2, assigned_to = COALESCE($3, assigned_to),
              last_from = COALESCE($4, last_from), updated_at = $5
        WHERE id = $1`,
      [id, change.status, change.assignedTo ?? null, change.lastFrom ?? null, change.at],
    );
  }

  async addMessage(tx: Tx, complaintId: string, message: NewComplaintMessage): Promise<void> {
    await tx.query(
      `INSERT INTO complaint_messages (complaint_id, author_id, from_side, body, note, action, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        complaintId,
        message.authorId,
        message.from,
        message.text,
        message.note,
        message.action,
        message.at,
      ],
    );
  }

  /** The active admins a complaint can be assigned to, by name. */
  async admins(tx: Tx | Db = this.db): Promise<{ id: string; name: string }[]> {
    const { rows } = await tx.query<{ id: string; name: string }>(
      `SELECT id, name FROM users WHERE role = 'admin' AND status = 'active' ORDER BY name, id`,
    );
    return rows;
  }
}
