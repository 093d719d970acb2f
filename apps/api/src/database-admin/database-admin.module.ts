import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DatabaseAdminController } from './database-admin.controller.js';
import { DatabaseAdminRepository } from './database-admin.repository.js';
import { VerifyLedgerHandler } from './verify-ledger.job.js';
import { VerifyRuns } from './verify-runs.service.js';

/** Database (issue 14): the read-only database screen's API, the verify job, the public key. */
@Module({
  imports: [AuthModule],
  controllers: [DatabaseAdminController],
  providers: [DatabaseAdminRepository, VerifyRuns, VerifyLedgerHandler],
})
export class DatabaseAdminModule {}
