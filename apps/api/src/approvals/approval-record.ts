import { paiseToRupees, type ApprovalRecord } from '@khata/domain';
import type { ApprovalRow } from './approvals.repository.js';

const personOf = (person: { id: string; name: string; mobile: string }) => ({
  _id: person.id,
  name: person.name,
  mobile: person.mobile,
});

/** A second admin may approve what they neither asked for nor receive (issue 31 item 4). */
export function mayApprove(row: ApprovalRow, adminId: string): boolean {
  return row.requestedBy.id !== adminId && row.subject.id !== adminId;
}

export function toApprovalRecord(row: ApprovalRow, viewerId: string): ApprovalRecord {
  return {
    _id: row.id,
    kind: row.kind,
    state: row.state,
    amount: paiseToRupees(row.amount),
    remark: row.remark,
    subject: personOf(row.subject),
    requestedBy: personOf(row.requestedBy),
    requestedAt: row.createdAt.toISOString(),
    fundRequestId: row.fundRequestId,
    decidedBy: row.decidedBy && personOf(row.decidedBy),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    orderID: row.orderId,
    canDecide: row.state === 'pending' && mayApprove(row, viewerId),
  };
}
