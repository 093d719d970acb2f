import { paiseToRupees, type FundRequestRecord } from '@khata/domain';
import type { FundRequestRow } from './fund-requests.repository.js';

/** A request on the wire (rupees, ISO times). */
export function toFundRequestRecord(row: FundRequestRow, canDecide?: boolean): FundRequestRecord {
  return {
    _id: row.id,
    amount: paiseToRupees(Number(row.amount)),
    mode: row.mode,
    utr: row.utr,
    bank: { _id: row.bankAccountId, bankName: row.bankName, accountNumber: row.bankAccountNumber },
    depositDate: row.depositDate,
    remark: row.remark,
    state: row.state,
    reason: row.reason,
    proofType: row.proofType,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    requester: { _id: row.userId, name: row.userName, mobile: row.userMobile, role: row.userRole },
    approver: row.approverId ? { _id: row.approverId, name: row.approverName ?? '' } : null,
    decidedBy: row.decidedBy ? { _id: row.decidedBy, name: row.deciderName ?? '' } : null,
    eventId: row.eventId,
    statementLineId: row.statementLineId,
    ...(canDecide !== undefined && { canDecide }),
  };
}
