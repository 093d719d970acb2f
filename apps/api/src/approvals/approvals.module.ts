import { Module } from '@nestjs/common';
import { ApprovalsRepository } from './approvals.repository.js';
import { SecondApprovals } from './second-approvals.js';

/**
 * Four eyes on money one admin could mint (issue 31 item 4): the asking side, which the wallet
 * and fund requests use to file a request for a second admin instead of posting. The second
 * admin's queue and decision are approval-decisions/, which runs the first admin's command
 * through the bus (so it depends on those features, and they on this one only).
 */
@Module({
  providers: [ApprovalsRepository, SecondApprovals],
  exports: [ApprovalsRepository, SecondApprovals],
})
export class ApprovalsModule {}
