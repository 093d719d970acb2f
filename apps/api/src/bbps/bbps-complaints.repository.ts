import { Injectable } from '@nestjs/common';
import type {
  BbpsComplaintStatus,
  BbpsComplaintType,
  BbpsServiceParty,
  ComplaintStatus,
} from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

/** The BBPS facts a complaint gets when Bharat BillPay registered it. */
export interface NewBbpsComplaintFacts {
  type: BbpsComplaintType;
  disposition: string;
  party: BbpsServiceParty | null;
  billerId: string | null;
  billerName: string | null;
  paymentId: string | null;
  bbpsReference: string | null;
  complaintId: string;
  status: BbpsComplaintStatus;
  assignedTo: string | null;
  dueOn: string;
  nextCheckAt: Date;
}

/** A BBPS complaint as an enquiry needs it. */
export interface BbpsComplaintRef {
  id: string;
  number: number;
  userId: string;
  status: ComplaintStatus;
  complaintId: string;
  bbpsStatus: BbpsComplaintStatus;
}

const REF = `id, number, user_id AS "userId", status, bbps_complaint_id AS "complaintId",
  bbps_status AS "bbpsStatus"`;

/**
 * The BBPS side of the `complaints` rows (issue 27): the rest of a complaint (its row, its
 * conversation, its staff machine) is the complaints feature's (ComplaintsRepository).
 */
@Injectable()
export class BbpsComplaintsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Locks complaints about one payment until the transaction ends and answers the one not yet
   * resolved, if any: of a burst, each waits here for the one before to commit, then sees it.
   */
  async lockPayment(tx: Tx, paymentId: string): Promise<BbpsComplaintRef | undefined> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 27))', [
      `bbps-complaint:${paymentId}`,
    ]);
    const { rows } = await tx.query<BbpsComplaintRef>(
      `SELECT ${REF} FROM complaints
        WHERE bbps_payment_id = $1 AND bbps_status <> 'resolved'`,
      [paymentId],
    );
    return rows[0];
  }

  /** Puts the BBPS facts on a complaint just stored, in the same transaction. */
  async attach(tx: Tx, id: string, facts: NewBbpsComplaintFacts): Promise<void> {
    await tx.query(
      `UPDATE complaints SET bbps_type = $2, bbps_disposition = $3, bbps_party = $4,
              bbps_biller_id = $5, bbps_biller_name = $6, bbps_payment_id = $7,
              bbps_reference = $8, bbps_complaint_id = $9, bbps_status = $10,
              bbps_assigned_to = $11, bbps_due_on = $12, bbps_next_check_at = $13
        WHERE id = $1`,
      [
        id,
        facts.type,
        facts.disposition,
        facts.party,
        facts.billerId,
        facts.billerName,
        facts.paymentId,
        facts.bbpsReference,
        facts.complaintId,
        facts.status,
        facts.assignedTo,
        facts.dueOn,
        facts.nextCheckAt,
      ],
    );
  }

  /** A BBPS complaint by our id; `lock` holds the row until the transaction ends. */
  async find(tx: Tx | Db, id: string, lock = false): Promise<BbpsComplaintRef | undefined> {
    const { rows } = await tx.query<BbpsComplaintRef>(
      `SELECT ${REF} FROM complaints WHERE id = $1 AND bbps_complaint_id IS NOT NULL
        ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** What the last enquiry said, and when to ask again (null once resolved). */
  async recordEnquiry(
    tx: Tx,
    id: string,
    state: {
      status: BbpsComplaintStatus;
      assignedTo: string | null;
      remarks: string | null;
      at: Date;
      nextCheckAt: Date | null;
    },
  ): Promise<void> {
    await tx.query(
      `UPDATE complaints SET bbps_status = $2, bbps_assigned_to = COALESCE($3, bbps_assigned_to),
              bbps_remarks = COALESCE($4, bbps_remarks), bbps_checked_at = $5,
              bbps_next_check_at = $6, updated_at = $5
        WHERE id = $1`,
      [
        id,
        state.status,
        state.assignedTo?.slice(0, 200) ?? null,
        state.remarks?.slice(0, 1000) ?? null,
        state.at,
        state.nextCheckAt,
      ],
    );
  }

  /**
   * Claims up to `limit` BBPS complaints not yet resolved whose next enquiry is due, moving it
   * to `leaseUntil` so another worker's sweep skips them meanwhile.
   */
  async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE complaints SET bbps_next_check_at = $2
        WHERE id IN (SELECT id FROM complaints
                      WHERE bbps_complaint_id IS NOT NULL AND bbps_status <> 'resolved'
                        AND bbps_next_check_at <= $1
                      ORDER BY bbps_next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [at, leaseUntil, limit],
    );
    return rows.map((row) => row.id);
  }
}
