import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { NetworkModule } from '../network/network.module.js';
import { CreateFundRequestHandler } from './commands/create-fund-request.handler.js';
import { FundRequestDecisions } from './fund-request-decisions.js';
import { DecideFundRequestHandler } from './commands/decide-fund-request.handler.js';
import { SaveCompanyBankAccountHandler } from './commands/save-company-bank-account.handler.js';
import { UploadStatementHandler } from './commands/upload-statement.handler.js';
import { FundRequestsController } from './fund-requests.controller.js';
import { FundRequestsRepository } from './fund-requests.repository.js';
import {
  GetFundProofHandler,
  GetStatementMatchesHandler,
  ListCompanyBankAccountsHandler,
  ListFundRequestsHandler,
} from './queries/fund-queries.handlers.js';

/**
 * Fund requests (issue 13): a user asks for a top-up with a proof, its upline or an admin
 * approves it through the ledger (once), and an admin reconciles against the bank statement.
 */
@Module({
  imports: [CredentialsModule, NetworkModule, ApprovalsModule],
  controllers: [FundRequestsController],
  providers: [
    FundRequestsRepository,
    FundRequestDecisions,
    CreateFundRequestHandler,
    DecideFundRequestHandler,
    SaveCompanyBankAccountHandler,
    UploadStatementHandler,
    ListFundRequestsHandler,
    GetFundProofHandler,
    ListCompanyBankAccountsHandler,
    GetStatementMatchesHandler,
  ],
})
export class FundRequestsModule {}
