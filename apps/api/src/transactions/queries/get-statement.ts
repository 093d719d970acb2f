import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Injectable } from '@nestjs/common';
import { addDays, indiaDay, Messages, type StatementLine } from '@khata/domain';
import { Ledger, LedgerError, statementParams, type UserAccountKind } from '@khata/ledger';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { istTime, type CsvExport } from '../../reports/csv-stream.js';
import { NetworkMembers, type NetworkMember } from '../../network/members.repository.js';
import { ReportScope } from '../../reports/report-scope.js';
import { ReadModelRepository, type DayRange, type Page } from '../read-model.repository.js';
import {
  StatementOrder,
  statementRangeOf,
  toStatementLine,
  type Statement,
  type StatementRow,
} from '../statement.js';
import { LEDGER_MAX_DAYS, LedgerMessages } from '../transaction-messages.js';

/** Whose statement it is, as the report heads it. */
export type StatementOwner = NetworkMember;

export interface ScopedStatement extends Statement {
  owner: StatementOwner;
  account: UserAccountKind;
  from: string;
  to: string;
}

/**
 * The range a statement reads: India days, both ends included, at most LEDGER_MAX_DAYS.
 * `to` defaults to today (or to `from`, when that is later), `from` to the longest range that
 * ends at `to`.
 */
export function statementRange(range: DayRange, now = new Date()): Required<DayRange> {
  // A range asked to start after today (nothing in it yet) ends where it starts.
  const today = indiaDay(now);
  const to = range.to ?? (range.from && range.from > today ? range.from : today);
  const from = range.from ?? addDays(to, -(LEDGER_MAX_DAYS - 1));
  if (from > to) throw new AppError(ErrorKind.Invalid, LedgerMessages.startAfterEnd);
  if (addDays(from, LEDGER_MAX_DAYS - 1) < to) {
    throw new AppError(ErrorKind.Invalid, LedgerMessages.tooLong);
  }
  return { from, to };
}

/**
 * Whose ledger a caller may read (issue 14, the network rule of libs/domain): an admin (and
 * staff) anyone, a distributor tier itself and its downline, anyone else itself. A user
 * outside the caller's network is answered like one that does not exist (404).
 *
 * The scope check is the one every report shares (apps/api/src/reports/report-scope.ts).
 */
@Injectable()
export class StatementAccounts {
  constructor(
    private readonly members: NetworkMembers,
    private readonly reportScope: ReportScope,
    private readonly ledger: Ledger,
  ) {}

  async resolve(viewer: AuthUser, userId: string | undefined, account: UserAccountKind) {
    const ownerId = userId ?? viewer.userId;
    if (ownerId !== viewer.userId) await this.reportScope.resolve(viewer, { userId: ownerId });
    const owner: StatementOwner | null = await this.members.find(ownerId);
    if (!owner) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    let accountId: string;
    try {
      accountId = await this.ledger.userAccount(ownerId, account);
    } catch (error) {
      if (error instanceof LedgerError) throw new AppError(ErrorKind.NotFound, Messages.noData);
      throw error;
    }
    return { owner, accountId };
  }
}

/**
 * The ledger report (API.md `/user/ledger`): an account's postings with the balance after
 * each, the opening and closing balances of the range and its totals, one page of lines.
 */
export class GetStatementQuery extends Query<ScopedStatement> {
  constructor(
    readonly viewer: AuthUser,
    readonly userId: string | undefined,
    readonly account: UserAccountKind,
    readonly range: DayRange,
    readonly page: Page,
  ) {
    super();
  }
}

@QueryHandler(GetStatementQuery)
export class GetStatementHandler implements IQueryHandler<GetStatementQuery> {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly accounts: StatementAccounts,
  ) {}

  async execute({ viewer, userId, account, range, page }: GetStatementQuery) {
    const days = statementRange(range);
    const { owner, accountId } = await this.accounts.resolve(viewer, userId, account);
    const statement = await this.readModel.statement(accountId, days, page);
    return { ...statement, owner, account, ...days };
  }
}

/** The whole range of a statement as CSV (`/user/ledger/csv`), streamed by CsvStreamer. */
export class ExportStatementQuery extends Query<CsvExport<StatementRow>> {
  constructor(
    readonly viewer: AuthUser,
    readonly userId: string | undefined,
    readonly account: UserAccountKind,
    readonly range: DayRange,
  ) {
    super();
  }
}

/** The CSV's columns: what the report's table shows, a cell per figure. */
export const STATEMENT_CSV_HEADER = [
  'Date (IST)',
  'Reference',
  'Narration',
  'Transaction',
  'Debit (INR)',
  'Credit (INR)',
  'On hold (INR)',
  'Balance after (INR)',
] as const;

/** One statement line as the CSV's cells (the Ledger Report's export and the Day Book's). */
export function statementCsvCells(line: StatementLine): string[] {
  const rupees = (value: number) => value.toFixed(2);
  return [
    istTime(line.at),
    line.orderID,
    line.narration,
    line.recordId ?? '',
    rupees(line.debit),
    rupees(line.credit),
    rupees(line.held),
    rupees(line.balanceAfter),
  ];
}

@QueryHandler(ExportStatementQuery)
export class ExportStatementHandler implements IQueryHandler<ExportStatementQuery> {
  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly accounts: StatementAccounts,
  ) {}

  async execute({ viewer, userId, account, range }: ExportStatementQuery) {
    const days = statementRange(range);
    const { owner, accountId } = await this.accounts.resolve(viewer, userId, account);
    const order = new StatementOrder();
    return {
      filename: `ledger-${owner.mobile}-${account}-${days.from}-to-${days.to}.csv`,
      header: STATEMENT_CSV_HEADER,
      sql: this.readModel.statementExportSql(),
      params: statementParams(accountId, statementRangeOf(days)),
      cells(row: StatementRow) {
        order.next(row);
        // The cursor reads with pg's own parsers: int8 arrives as text.
        const line = toStatementLine({
          ...row,
          seq: Number(row.seq),
          amount: Number(row.amount),
          held: Number(row.held),
          balance_after: Number(row.balance_after),
        });
        return statementCsvCells(line);
      },
    } satisfies CsvExport<StatementRow>;
  }
}
