import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';
import {
  type BbpsSandboxCall,
  type BbpsSandboxCallNote,
  BbpsSandboxBook,
  type BbpsSandboxComplaint,
  type BbpsSandboxPayment,
  type BbpsSandboxSettlement,
  type NewBbpsSandboxComplaint,
  type NewBbpsSandboxPayment,
} from './sandbox-bbps-book.js';

const PAYMENT = `reference, biller_id AS "billerId", code, amount::int8 AS amount, ccf::int8 AS ccf,
  status, txn_ref_id AS "txnRefId", approval_ref AS "approvalRef",
  response_code AS "responseCode", response_reason AS "responseReason", reason,
  status_checks AS "statusChecks", settled_at AS "settledAt"`;

const COMPLAINT = `complaint_id AS "complaintId", type, txn_ref_id AS "txnRefId", status,
  assigned_to AS "assignedTo", remarks`;

/**
 * The sandbox BBPS provider's book in Postgres (`sandbox_bbps_payments`, `sandbox_bbps_calls`,
 * `sandbox_bbps_complaints`): it outlives a killed worker as a BBPOU's would, takes a reference
 * once (parallel sends included: the insert's conflict answers the first), and counts every
 * call in the statement that makes it.
 */
@Injectable()
export class PostgresBbpsSandboxBook extends BbpsSandboxBook {
  constructor(private readonly db: Db) {
    super();
  }

  async take(payment: NewBbpsSandboxPayment) {
    const { rows } = await this.db.query<BbpsSandboxPayment & { inserted: boolean }>(
      `WITH call AS (
         INSERT INTO sandbox_bbps_calls (call, biller_id, reference) VALUES ('send', $2, $1))
       INSERT INTO sandbox_bbps_payments
         (reference, biller_id, code, amount, ccf, status, txn_ref_id, approval_ref,
          response_code, response_reason, reason, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (reference) DO UPDATE SET reference = EXCLUDED.reference
       RETURNING ${PAYMENT}, (xmax = 0) AS inserted`,
      [
        payment.reference,
        payment.billerId,
        payment.code,
        payment.amount,
        payment.ccf,
        payment.status,
        payment.txnRefId,
        payment.approvalRef,
        payment.responseCode,
        payment.responseReason,
        payment.reason,
        payment.settledAt,
      ],
    );
    const { inserted, ...taken } = rows[0]!;
    return { payment: taken, duplicate: !inserted };
  }

  async noteCall(note: BbpsSandboxCallNote) {
    await this.db.query(
      'INSERT INTO sandbox_bbps_calls (call, biller_id, reference) VALUES ($1, $2, $3)',
      [note.call, note.billerId, note.reference],
    );
  }

  async calls(call: BbpsSandboxCall, key: string) {
    const column = call === 'fetch' ? 'biller_id' : 'reference';
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM sandbox_bbps_calls WHERE call = $1 AND ${column} = $2`,
      [call, key],
    );
    return rows[0]?.count ?? 0;
  }

  async check(reference: string) {
    const { rows } = await this.db.query<BbpsSandboxPayment>(
      `WITH call AS (INSERT INTO sandbox_bbps_calls (call, reference) VALUES ('status', $1))
       UPDATE sandbox_bbps_payments SET status_checks = status_checks + 1
        WHERE reference = $1 RETURNING ${PAYMENT}`,
      [reference],
    );
    return rows[0];
  }

  async settle(reference: string, to: BbpsSandboxSettlement) {
    const { rows } = await this.db.query<BbpsSandboxPayment>(
      `UPDATE sandbox_bbps_payments
          SET status = $2, txn_ref_id = $3, approval_ref = $4, response_code = $5,
              response_reason = $6, reason = $7, settled_at = $8
        WHERE reference = $1 AND status = 'pending' RETURNING ${PAYMENT}`,
      [
        reference,
        to.status,
        to.txnRefId,
        to.approvalRef,
        to.responseCode,
        to.responseReason,
        to.reason,
        to.settledAt,
      ],
    );
    if (rows[0]) return rows[0];
    const { rows: now } = await this.db.query<BbpsSandboxPayment>(
      `SELECT ${PAYMENT} FROM sandbox_bbps_payments WHERE reference = $1`,
      [reference],
    );
    return now[0];
  }

  async byTxnRefId(txnRefId: string) {
    const { rows } = await this.db.query<BbpsSandboxPayment>(
      `SELECT ${PAYMENT} FROM sandbox_bbps_payments WHERE txn_ref_id = $1`,
      [txnRefId],
    );
    return rows[0];
  }

  async addComplaint(complaint: NewBbpsSandboxComplaint) {
    const { rows } = await this.db.query<BbpsSandboxComplaint>(
      `INSERT INTO sandbox_bbps_complaints
         (complaint_id, type, txn_ref_id, disposition, description, assign_to, resolution, status)
       VALUES ($1 || lpad(nextval('sandbox_bbps_complaint_numbers')::text, 7, '0'),
               $2, $3, $4, $5, $6, $7, 'logged')
       RETURNING ${COMPLAINT}`,
      [
        complaint.idPrefix,
        complaint.type,
        complaint.txnRefId,
        complaint.disposition,
        complaint.description,
        complaint.assignTo,
        complaint.resolution,
      ],
    );
    return rows[0]!;
  }

  async stepComplaint(complaintId: string) {
    const { rows } = await this.db.query<BbpsSandboxComplaint>(
      `UPDATE sandbox_bbps_complaints
          SET status = CASE status WHEN 'logged' THEN 'assigned' ELSE 'resolved' END,
              assigned_to = assign_to,
              remarks = CASE WHEN status = 'logged' THEN NULL ELSE resolution END
        WHERE complaint_id = $1 RETURNING ${COMPLAINT}`,
      [complaintId],
    );
    return rows[0];
  }
}
