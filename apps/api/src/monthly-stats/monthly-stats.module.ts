import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { UsersModule } from '../users/users.module.js';
import { CloseMonthHandler } from './commands/close-month.handler.js';
import { MonthlyStatsController } from './monthly-stats.controller.js';
import { MonthlyStatsRepository } from './monthly-stats.repository.js';
import { GetDayBookHandler } from './queries/get-day-book.handler.js';
import { GetMonthlyStatsHandler } from './queries/get-monthly-stats.handler.js';

/** Monthly stats that reconcile, the month's close, and the day book (issue 14). */
@Module({
  imports: [AuthModule, CredentialsModule, ReportsModule, TransactionsModule, UsersModule],
  controllers: [MonthlyStatsController],
  providers: [MonthlyStatsRepository, GetMonthlyStatsHandler, CloseMonthHandler, GetDayBookHandler],
})
export class MonthlyStatsModule {}
