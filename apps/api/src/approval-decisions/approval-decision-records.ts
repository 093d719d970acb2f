import { Injectable } from '@nestjs/common';
import { auditMoney } from '@khata/domain';
import { AuditLog } from '../audit/audit.repository.js';
import { Clock } from '../common/clock.js';
import type { Tx } from '../database/unit-of-work.js';
import { ApprovalsRepository, type ApprovalRow } from '../approvals/approvals.repository.js';
import type { DecideApprovalCommand } from './commands/decide-approval.command.js';

/**
 * The commit of a second admin's decision (issue 24): the request rejected, or marked approved
 * with the order its command posted, each with its audit row, in the decider's transaction.
 */
@Injectable()
export class ApprovalDecisionRecords {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async rejected(
    tx: Tx,
    { admin, reason, context }: DecideApprovalCommand,
    row: ApprovalRow,
  ): Promise<void> {
    await this.approvals.reject(tx, row.id, admin.userId, this.clock.now(), reason!);
    await this.audit.record(tx, {
      action: 'approval.reject',
      outcome: 'success',
      actorId: admin.userId,
      subjectId: row.subject.id,
      sessionId: admin.sessionId,
      context,
      details: { approvalId: row.id, kind: row.kind, amount: auditMoney(row.amount), reason },
    });
  }

  async approved(
    tx: Tx,
    { admin, context }: DecideApprovalCommand,
    row: ApprovalRow,
    orderId: string | null,
  ): Promise<void> {
    await this.approvals.approved(tx, row.id, this.clock.now(), orderId);
    await this.audit.record(tx, {
      action: 'approval.approve',
      outcome: 'success',
      actorId: admin.userId,
      subjectId: row.subject.id,
      sessionId: admin.sessionId,
      context,
      details: {
        approvalId: row.id,
        kind: row.kind,
        amount: auditMoney(row.amount),
        requestedBy: row.requestedBy.id,
        ...(orderId && { orderID: orderId }),
      },
    });
  }
}
