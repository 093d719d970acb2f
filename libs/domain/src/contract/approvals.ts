import type { ApprovalKind, ApprovalState } from '../approvals.js';
import type { Ok } from './common.js';

/**
 * Four eyes (issue 31 item 4, docs/api.md "Approvals"): what waits for a second admin.
 * Amounts are rupees on the wire, as everywhere.
 */
export interface ApprovalPerson {
  _id: string;
  name: string;
  mobile: string;
}

export interface ApprovalRecord {
  _id: string;
  kind: ApprovalKind;
  state: ApprovalState;
  amount: number;
  remark: string | null;
  /** Whose wallet the money moves into or out of. */
  subject: ApprovalPerson;
  requestedBy: ApprovalPerson;
  requestedAt: string;
  /** Set for `fund-request.approve`. */
  fundRequestId: string | null;
  decidedBy: ApprovalPerson | null;
  decidedAt: string | null;
  reason: string | null;
  /** The order id of the credit or debit the approval posted. */
  orderID: string | null;
  /** Whether the admin reading it may approve it (not the requester, not the wallet's owner). */
  canDecide: boolean;
}

/**
 * What a credit, a debit or a fund-request approval answers (HTTP 202) when it needs a second
 * admin: nothing has moved yet.
 */
export interface PendingApprovalAnswer extends Ok {
  message: string;
  pendingApproval: ApprovalRecord;
}

/** `POST /api/admin/approvals`: the open ones (pending or being approved) unless `state` says. */
export interface ApprovalListRequest {
  state?: 'open' | 'decided';
}

export interface ApprovalListAnswer extends Ok {
  data: ApprovalRecord[];
}

/** `POST /api/admin/approvals/decide` with the PIN header; a reason is required to reject. */
export interface ApprovalDecisionRequest {
  id: string;
  action: 'approve' | 'reject';
  reason?: string;
}

export interface ApprovalDecisionAnswer extends Ok {
  message: string;
  approval: ApprovalRecord;
}
