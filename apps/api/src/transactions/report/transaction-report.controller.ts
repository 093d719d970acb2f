import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { TransactionReportAnswer } from '@khata/domain';
import { SignedIn } from '../../auth/access.js';
import { CurrentUser, type AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { CsvStreamer } from '../../reports/csv-stream.js';
import { ReportScope } from '../../reports/report-scope.js';
import { GetTransactionReportQuery, reportFilter } from './get-transaction-report.js';
import { TransactionReportDto } from './transaction-report.dto.js';
import { TransactionReportRepository } from './transaction-report.repository.js';

/**
 * The transaction report engine (issue 14): every signed-in user may call it, and reads only
 * what its network scope holds (ReportScope): an admin everyone, a distributor its downline,
 * anyone else itself. The screens (Transaction Report, bank payouts, wallet transfers, AEPS
 * settlements) are presets of it.
 */
@Controller('reports')
export class TransactionReportController {
  constructor(
    private readonly queries: QueryBus,
    private readonly reports: TransactionReportRepository,
    private readonly scopes: ReportScope,
    private readonly csv: CsvStreamer,
    private readonly clock: Clock,
  ) {}

  @Post('transactions')
  @HttpCode(200)
  @SignedIn()
  async page(
    @CurrentUser() user: AuthUser,
    @Body() body: TransactionReportDto,
  ): Promise<TransactionReportAnswer> {
    const answer = await this.queries.execute(new GetTransactionReportQuery(user, body));
    return { success: true, ...answer };
  }

  /** The whole filtered set as CSV, streamed through a server-side cursor. */
  @Post('transactions.csv')
  @HttpCode(200)
  @SignedIn()
  @ApiProduces('text/csv')
  async download(
    @CurrentUser() user: AuthUser,
    @Body() body: TransactionReportDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const filter = await reportFilter(this.scopes, user, body, this.clock.now());
    const name = `${body.report ?? 'transactions'}-${filter.from}-to-${filter.to}.csv`;
    await this.csv.send(request, response, this.reports.csv(filter, name));
  }
}
