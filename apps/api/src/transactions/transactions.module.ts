import { Module } from '@nestjs/common';
import { CatchUpHandler } from './catch-up.job.js';
import { GetMonthlyTotalsHandler } from './queries/get-monthly-totals.js';
import {
  ExportStatementHandler,
  GetStatementHandler,
  StatementAccounts,
} from './queries/get-statement.js';
import { NetworkModule } from '../network/network.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { GetTransactionHandler } from './queries/get-transaction.js';
import { ListTransactionsHandler } from './queries/list-transactions.js';
import { ProjectedAppends } from './projected-appends.repository.js';
import { ReadModelProjection } from './read-model-projection.repository.js';
import { ReadModelRepository } from './read-model.repository.js';
import { TransactionsController } from './transactions.controller.js';
import { LedgerAppendedHandler, TransactionsProjector } from './transactions-projector.js';

/** The transaction read model: fed by committed ledger events, read by the reports. */
@Module({
  imports: [NetworkModule, ReportsModule],
  controllers: [TransactionsController],
  providers: [
    ProjectedAppends,
    ReadModelProjection,
    ReadModelRepository,
    TransactionsProjector,
    LedgerAppendedHandler,
    CatchUpHandler,
    ListTransactionsHandler,
    GetTransactionHandler,
    GetStatementHandler,
    ExportStatementHandler,
    StatementAccounts,
    GetMonthlyTotalsHandler,
  ],
  exports: [ReadModelRepository, ProjectedAppends],
})
export class TransactionsModule {}
