import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { ApprovalDecisionRecords } from './approval-decision-records.js';
import { ApprovalDecisionsController } from './approval-decisions.controller.js';
import { DecideApprovalHandler } from './commands/decide-approval.handler.js';
import { ListApprovalsHandler } from './queries/list-approvals.js';

/**
 * The admins' Approvals queue and the second admin's decision (issue 31 item 4): an approval
 * runs the requester's own command (a credit, a debit, a fund request's approval) through the
 * command bus, so the money posts by the one path a direct credit takes.
 */
@Module({
  imports: [ApprovalsModule, CredentialsModule],
  controllers: [ApprovalDecisionsController],
  providers: [ApprovalDecisionRecords, DecideApprovalHandler, ListApprovalsHandler],
})
export class ApprovalDecisionsModule {}
