import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  isTransactionStatus,
  TRANSACTION_STATUS_LABELS,
  type CloseMonthAnswer,
  type CountAmount,
  type DayBookAnswer,
  type MonthlyStats,
  type MonthlyStatsAnswer,
} from '@khata/domain';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import { ForMenuItem, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { defuse } from '../reports/csv-stream.js';
import { STATEMENT_CSV_HEADER, statementCsvCells } from '../transactions/queries/get-statement.js';
import { CloseMonthCommand } from './commands/close-month.command.js';
import { DayBookDto, MonthDto } from './monthly-stats.dto.js';
import { GetDayBookQuery } from './queries/get-day-book.query.js';
import { GetMonthlyStatsQuery } from './queries/get-monthly-stats.query.js';

/**
 * Monthly stats (`/admin/monthlyStats`, admins only) and the day book (`/admin/myAccount/:dayAgo`,
 * everyone's own wallet; an admin may pick a user). Issue 14.
 */
@Controller()
export class MonthlyStatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('admin/monthlyStats')
  @HttpCode(200)
  @ForMenuItem('monthlyStats')
  async monthly(@Body() body: MonthDto): Promise<MonthlyStatsAnswer> {
    return {
      success: true,
      data: await this.queries.execute(new GetMonthlyStatsQuery(body.month)),
    };
  }

  @Post('admin/monthlyStats/close')
  @HttpCode(200)
  @ForMenuItem('monthlyStats')
  async close(
    @Body() body: MonthDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
    @PinHeader() pin: unknown,
  ): Promise<CloseMonthAnswer> {
    const closed = await this.commands.execute(
      new CloseMonthCommand(user, body.month, context, pin),
    );
    return { success: true, message: `${body.month} is closed.`, closed };
  }

  /** The month's figures and reconciliation as CSV: a few dozen lines, made at once. */
  @Post('admin/monthlyStats/csv')
  @HttpCode(200)
  @ForMenuItem('monthlyStats')
  @ApiProduces('text/csv')
  async csv(
    @Body() body: MonthDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const stats = await this.queries.execute(new GetMonthlyStatsQuery(body.month));
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="monthly-stats-${body.month}.csv"`,
    );
    const rows = csvRows(stats).map((row) => row.map((cell) => defuse(String(cell))));
    return `\uFEFF${stringify([['Section', 'Figure', 'Count', 'Amount (INR)'], ...rows], { record_delimiter: '\r\n' })}`;
  }

  @Post('user/dayBook')
  @HttpCode(200)
  @SignedIn()
  async dayBook(@Body() body: DayBookDto, @CurrentUser() user: AuthUser): Promise<DayBookAnswer> {
    return this.queries.execute(new GetDayBookQuery(user, body.dayAgo, body.userId));
  }

  /** The day book's lines as CSV (issue 23): one day of one wallet, a few hundred lines at most. */
  @Post('user/dayBook/csv')
  @HttpCode(200)
  @SignedIn()
  @ApiProduces('text/csv')
  async dayBookCsv(
    @Body() body: DayBookDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const book = await this.queries.execute(new GetDayBookQuery(user, body.dayAgo, body.userId));
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="day-book-${book.user.mobile.trim()}-${book.day}.csv"`,
    );
    return dayBookCsv(book);
  }
}

type Row = [string, string, number | string, number | string];

/** A status as the screens say it (issue 23). */
const statusLabel = (status: string) =>
  isTransactionStatus(status) ? TRANSACTION_STATUS_LABELS[status] : status;

/** The Day Book as CSV: the Ledger Report's columns, a row per line of the day. */
export function dayBookCsv(book: DayBookAnswer): string {
  const rows = book.lines.map((line) => statementCsvCells(line).map(defuse));
  return `\uFEFF${stringify([[...STATEMENT_CSV_HEADER], ...rows], { record_delimiter: '\r\n' })}`;
}

function csvRows(stats: MonthlyStats): Row[] {
  const pair = (section: string, label: string, figure: CountAmount): Row => [
    section,
    label,
    figure.count,
    figure.amount.toFixed(2),
  ];
  const amount = (section: string, label: string, value: number): Row => [
    section,
    label,
    '',
    value.toFixed(2),
  ];
  return [
    ['Month', stats.month, '', stats.closed ? `closed ${stats.closed.closedAt}` : 'open'],
    pair('Credits', 'Fund requests (Khata)', stats.credits.fundRequests),
    pair('Credits', 'Fund requests (uplines)', stats.credits.fundRequestsFromUplines),
    pair('Credits', 'Admin credits', stats.credits.adminCredits),
    pair('Credits', 'Compensation', stats.credits.compensation),
    pair('Credits', 'Payment gateway', stats.credits.paymentGateway),
    pair('Debits', 'Admin debits', stats.debits.adminDebits),
    pair('Transfers', 'Wallet transfers', stats.transfers),
    ...stats.payouts.map((row) => pair('Payouts', statusLabel(row.status), row)),
    ...stats.aepsSettlements.map((row) => pair('AEPS settlements', statusLabel(row.status), row)),
    ...stats.dmtTransfers.map((row) => pair('DMT transfers', statusLabel(row.status), row)),
    pair('AEPS at the counter', 'Cash withdrawals', stats.aeps.withdrawals),
    amount(
      'AEPS at the counter',
      'Commission paid on withdrawals',
      stats.aeps.withdrawals.commission,
    ),
    pair('AEPS at the counter', 'Aadhaar Pay', stats.aeps.aadhaarPay),
    amount('AEPS at the counter', 'Aadhaar Pay merchant fees', stats.aeps.aadhaarPay.fee),
    pair('Bill payments (BBPS)', 'Paid', stats.bbps.paid),
    amount('Bill payments (BBPS)', 'CCF on paid bills', stats.bbps.paid.ccf),
    amount('Bill payments (BBPS)', 'Shops’ commission (gross)', stats.bbps.paid.commission),
    pair('Bill payments (BBPS)', 'Pending', stats.bbps.pending),
    pair('Bill payments (BBPS)', 'Failed', stats.bbps.failed),
    amount('Banks', 'Paid to banks', stats.paidToBanks),
    amount('Fees', 'Charged', stats.fees.charged),
    amount('Fees', 'Company income', stats.fees.companyIncome),
    amount('Fees', 'Commissions (net)', stats.fees.commissions),
    amount('Fees', 'TDS payable', stats.fees.tds),
    amount('Fees', 'GST payable', stats.fees.gst),
    amount('Float', 'Opening', stats.float.opening),
    amount('Float', 'Movements', stats.float.movements),
    amount('Float', 'Closing', stats.float.closing),
    ...stats.reconciliation.flatMap((line): Row[] => [
      ['Reconciliation', line.label, '', line.ok ? 'green' : 'red'],
      ...line.figures.map((f): Row => ['Reconciliation', `  ${f.label}`, '', f.value]),
      ...line.differences.map((d): Row => [
        'Difference',
        `${d.what} [${d.events.map((e) => `${e.seq} ${e.type} ${e.stream}`).join('; ')}]`,
        '',
        d.difference.toFixed(2),
      ]),
    ]),
  ];
}
