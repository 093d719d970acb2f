import { Module } from '@nestjs/common';
import { ReportsModule } from '../../reports/reports.module.js';
import { GetTransactionReportHandler } from './get-transaction-report.js';
import { TransactionReportController } from './transaction-report.controller.js';
import { TransactionReportRepository } from './transaction-report.repository.js';

/** The transaction report engine's routes (`/api/reports/transactions`, `.csv`). */
@Module({
  imports: [ReportsModule],
  controllers: [TransactionReportController],
  providers: [TransactionReportRepository, GetTransactionReportHandler],
})
export class TransactionReportModule {}
