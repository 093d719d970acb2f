import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryBus } from '@nestjs/cqrs';
import {
  paiseToRupees,
  type LedgerAnswer,
  type TransactionAnswer,
  type TransactionListAnswer,
} from '@khata/domain';
import { SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { pageOf } from '../common/http/paging.js';
import type { DayRange } from './read-model.repository.js';
import { GetMonthlyTotalsQuery } from './queries/get-monthly-totals.js';
import { ExportStatementQuery, GetStatementQuery } from './queries/get-statement.js';
import { CsvStreamer } from '../reports/csv-stream.js';
import { GetTransactionQuery } from './queries/get-transaction.js';
import { ListTransactionsQuery } from './queries/list-transactions.js';
import {
  checkFlag,
  LedgerDto,
  MonthlyTotalsDto,
  statementPaging,
  TransactionDto,
  TransactionsDto,
  valueOf,
  type RangeDto,
} from './transactions.dto.js';
import { LedgerMessages } from './transaction-messages.js';

/** Ledger CSV exports one API process streams at once; more wait for a 429. */
const LEDGER_CSV_AT_ONCE = 4;
const LEDGER_CSV_BUSY =
  'Several statements are being downloaded right now. Please try again in a minute.';

/** The reports of API.md: transactions, one receipt, the ledger statement, monthly totals. */
@Controller('user')
export class TransactionsController {
  /** Ledger CSV exports streaming now in this process. */
  private exporting = 0;

  constructor(
    private readonly queries: QueryBus,
    private readonly csv: CsvStreamer,
  ) {}

  @Post('transactions')
  @HttpCode(200)
  @SignedIn()
  async list(
    @CurrentUser() user: AuthUser,
    @Body() body: TransactionsDto,
  ): Promise<TransactionListAnswer> {
    const { records, total } = await this.queries.execute(
      new ListTransactionsQuery(
        user.userId,
        { ...rangeOf(body), type: body.type || undefined, status: body.status || undefined },
        pageOf(body, statementPaging),
      ),
    );
    return { success: true, data: records, total };
  }

  @Post('transaction')
  @HttpCode(200)
  @SignedIn()
  async one(
    @CurrentUser() user: AuthUser,
    @Body() body: TransactionDto,
  ): Promise<TransactionAnswer> {
    const record = await this.queries.execute(new GetTransactionQuery(user, body.id));
    return { success: true, transactionRecord: record };
  }

  @Post('ledger')
  @HttpCode(200)
  @SignedIn()
  async ledger(@CurrentUser() user: AuthUser, @Body() body: LedgerDto): Promise<LedgerAnswer> {
    const statement = await this.queries.execute(
      new GetStatementQuery(
        user,
        body.userId || undefined,
        body.account || 'wallet',
        rangeOf(body),
        pageOf(body, statementPaging),
      ),
    );
    return {
      success: true,
      data: statement.lines,
      total: statement.total,
      openingBalance: statement.openingBalance,
      closingBalance: statement.closingBalance,
      totals: statement.totals,
      user: statement.owner,
      account: statement.account,
      from: statement.from,
      to: statement.to,
    };
  }

  /**
   * The statement's whole range as CSV, streamed from a server-side cursor (CsvStreamer): a
   * million lines without holding them. At most LEDGER_CSV_AT_ONCE exports run at once in a
   * process, each on a connection of its own, so exports never starve the other calls.
   */
  @Post('ledger/csv')
  @HttpCode(200)
  @SignedIn()
  @ApiProduces('text/csv')
  async ledgerCsv(
    @CurrentUser() user: AuthUser,
    @Body() body: LedgerDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const report = await this.queries.execute(
      new ExportStatementQuery(
        user,
        body.userId || undefined,
        body.account || 'wallet',
        rangeOf(body),
      ),
    );
    if (this.exporting >= LEDGER_CSV_AT_ONCE) {
      throw new AppError(ErrorKind.TooManyTries, LEDGER_CSV_BUSY);
    }
    this.exporting += 1;
    try {
      await this.csv.send(request, response, report);
    } finally {
      this.exporting -= 1;
    }
  }

  @Post('monthlyTotals')
  @HttpCode(200)
  @SignedIn()
  async monthlyTotals(@CurrentUser() user: AuthUser, @Body() body: MonthlyTotalsDto) {
    const totals = await this.queries.execute(
      new GetMonthlyTotalsQuery(
        user,
        { userId: body.userId || undefined, system: valueOf(checkFlag, body.system) },
        body.from || undefined,
        body.to || undefined,
      ),
    );
    return {
      success: true,
      data: totals.map((total) => ({
        ...total,
        credits: paiseToRupees(total.credits),
        debits: paiseToRupees(total.debits),
      })),
    };
  }
}

function rangeOf(body: RangeDto): DayRange {
  const from = body.from || undefined;
  const to = body.to || undefined;
  if (from && to && from > to) {
    throw new AppError(ErrorKind.Invalid, LedgerMessages.startAfterEnd);
  }
  return { from, to };
}
