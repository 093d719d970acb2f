import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { UsersModule } from '../users/users.module.js';
import { DayBookService } from './day-book.service.js';
import { MonthlyStatsController } from './monthly-stats.controller.js';
import { MonthlyStatsRepository } from './monthly-stats.repository.js';
import { MonthlyStatsService } from './monthly-stats.service.js';

/** Monthly stats that reconcile, the month's close, and the day book (issue 14). */
@Module({
  imports: [AuthModule, TransactionsModule, UsersModule],
  controllers: [MonthlyStatsController],
  providers: [MonthlyStatsRepository, MonthlyStatsService, DayBookService],
})
export class MonthlyStatsModule {}
