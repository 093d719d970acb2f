import { Injectable } from '@nestjs/common';
import type { Paise, TransactionStatus, Viewer } from '@khata/domain';
import { Db } from '../database/unit-of-work.js';
import { NetworkScopes } from '../network/network-scopes.js';

export interface RoleCount {
  role: string;
  status: 'active' | 'blocked';
  count: number;
}

export interface PayoutCount {
  status: TransactionStatus;
  count: number;
  amount: Paise;
}

/**
 * The dashboard's figures over the users the viewer sees (NetworkScopes). sum() of bigint is
 * numeric: it arrives as text and is made exact paise here.
 */
@Injectable()
export class AdminDashboardRepository {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
  ) {}

  async usersByRole(viewer: Viewer): Promise<RoleCount[]> {
    const params: unknown[] = [];
    const scope = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<RoleCount>(
      `SELECT u.role, u.status, count(*)::int AS count FROM users u WHERE ${scope}
        GROUP BY u.role, u.status ORDER BY u.role, u.status`,
      params,
    );
    return rows;
  }

  /** Money in the wallets: posted, so money held for a payout in flight still counts. */
  async walletFloat(viewer: Viewer): Promise<Paise> {
    const params: unknown[] = [];
    const scope = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<{ float: string }>(
      `SELECT coalesce(sum(w.posted), 0)::text AS float
         FROM users u JOIN ledger_balances() w ON w.owner_id = u.id AND w.kind = 'wallet'
        WHERE ${scope}`,
      params,
    );
    return Number(rows[0]?.float ?? 0);
  }

  /**
   * Money moved out of the users' wallets since `since`: the debit side of every transaction
   * record opened then (payouts and settlements in flight or done, transfers sent), less those
   * that failed or came back.
   */
  async volumeSince(viewer: Viewer, since: Date): Promise<Paise> {
    const params: unknown[] = [since];
    const scope = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<{ volume: string }>(
      `SELECT coalesce(sum(r.amount), 0)::text AS volume
         FROM transaction_records r JOIN users u ON u.id = r.user_id
        WHERE r.created_at >= $1 AND r.direction = 'debit'
          AND r.status NOT IN ('failed', 'reversed') AND ${scope}`,
      params,
    );
    return Number(rows[0]?.volume ?? 0);
  }

  /** Payouts and settlements requested since `since`, by status (payouts_created_idx). */
  async payoutsSince(viewer: Viewer, since: Date): Promise<PayoutCount[]> {
    const params: unknown[] = [since];
    const scope = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<{
      status: TransactionStatus;
      count: number;
      amount: string;
    }>(
      `SELECT p.status, count(*)::int AS count, sum(p.amount)::text AS amount
         FROM payouts p JOIN users u ON u.id = p.user_id
        WHERE p.created_at >= $1 AND ${scope}
        GROUP BY p.status ORDER BY p.status`,
      params,
    );
    return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  }

  /** Users whose KYC waits for a decision (the state on the user row). */
  async kycWaiting(): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE kyc_state = 'submitted'`,
    );
    return rows[0]?.count ?? 0;
  }

  /**
   * Fund requests still pending that this approver decides (fund_requests_queue): an upline's
   * own, or with null those routed to admins.
   */
  async fundRequestsWaiting(approverId: string | null = null): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM fund_requests
        WHERE approver_id IS NOT DISTINCT FROM $1 AND state = 'pending'`,
      [approverId],
    );
    return rows[0]?.count ?? 0;
  }

  /** Admin money waiting for a second admin (admin_approvals_open). */
  async approvalsWaiting(): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM admin_approvals WHERE state IN ('pending', 'approving')`,
    );
    return rows[0]?.count ?? 0;
  }

  /** AEPS accounts waiting for an admin (beneficiaries_aeps_pending_idx). */
  async aepsAccountsPending(): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM beneficiaries
        WHERE kind = 'aeps' AND activation_status = 'pending' AND deleted_at IS NULL`,
    );
    return rows[0]?.count ?? 0;
  }

  /** Payouts still queued or processing with no change since `before` (payouts_in_flight_idx). */
  async stuckPayouts(before: Date): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM payouts
        WHERE status IN ('queued', 'processing') AND updated_at < $1`,
      [before],
    );
    return rows[0]?.count ?? 0;
  }
}
