import { Body, Controller, HttpCode, Post } from '@nestjs/common';
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
import type { DayRange, Page } from './read-model.repository.js';
import { GetMonthlyTotalsQuery } from './queries/get-monthly-totals.js';
import { GetStatementQuery } from './queries/get-statement.js';
import { GetTransactionQuery } from './queries/get-transaction.js';
import { ListTransactionsQuery } from './queries/list-transactions.js';
import {
  checkFlag,
  checkPage,
  checkPageSize,
  LedgerDto,
  MonthlyTotalsDto,
  PAGE_SIZE_DEFAULT,
  TransactionDto,
  TransactionsDto,
  valueOf,
  type RangeDto,
} from './transactions.dto.js';

/** The reports of API.md: transactions, one receipt, the ledger statement, monthly totals. */
@Controller('user')
export class TransactionsController {
  constructor(private readonly queries: QueryBus) {}

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
        pageOf(body),
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
        pageOf(body),
      ),
    );
    return {
      success: true,
      data: statement.lines,
      total: statement.total,
      openingBalance: statement.openingBalance,
      closingBalance: statement.closingBalance,
    };
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
    throw new AppError(ErrorKind.Invalid, 'The start date comes after the end date.');
  }
  return { from, to };
}

function pageOf(body: RangeDto): Page {
  return {
    page: valueOf(checkPage, body.page) ?? 1,
    pageSize: valueOf(checkPageSize, body.pageSize) ?? PAGE_SIZE_DEFAULT,
  };
}
