import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { ApprovalsController } from './approvals.controller.js';
import { ApprovalsRepository } from './approvals.repository.js';
import { DecideApprovalHandler } from './commands/decide-approval.handler.js';
import { ListApprovalsHandler } from './queries/list-approvals.js';
import { SecondApprovals } from './second-approvals.js';

/**
 * Four eyes on money one admin could mint (issue 31 item 4): the requests waiting for a second
 * admin, and that admin's decision, which runs the first admin's command through the bus.
 */
@Module({
  imports: [CredentialsModule],
  controllers: [ApprovalsController],
  providers: [ApprovalsRepository, SecondApprovals, DecideApprovalHandler, ListApprovalsHandler],
  exports: [SecondApprovals],
})
export class ApprovalsModule {}
