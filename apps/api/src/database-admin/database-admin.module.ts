import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StartVerifyHandler } from './commands/start-verify.handler.js';
import { DatabaseAdminController } from './database-admin.controller.js';
import { DatabaseAdminRepository } from './database-admin.repository.js';
import { GetDatabaseOverviewHandler } from './queries/get-database-overview.handler.js';
import { GetLedgerKeyHandler } from './queries/get-ledger-key.handler.js';
import { GetSignedHeadHandler } from './queries/get-signed-head.handler.js';
import { ListChainHeadsHandler } from './queries/list-chain-heads.handler.js';
import { ListSignedHeadsHandler } from './queries/list-signed-heads.handler.js';
import { VerifyLedgerHandler } from './verify-ledger.job.js';

/** Database (issue 14): the read-only database screen's API, the verify job, the public key. */
@Module({
  imports: [AuthModule],
  controllers: [DatabaseAdminController],
  providers: [
    DatabaseAdminRepository,
    GetDatabaseOverviewHandler,
    StartVerifyHandler,
    ListChainHeadsHandler,
    ListSignedHeadsHandler,
    GetSignedHeadHandler,
    GetLedgerKeyHandler,
    VerifyLedgerHandler,
  ],
})
export class DatabaseAdminModule {}
