import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  dayBookDay,
  isTransactionKind,
  Messages,
  paiseToRupees,
  TRANSACTION_KINDS,
  type DayBookAnswer,
  type DayBookTotal,
  type StatementLine,
} from '@khata/domain';
import { Ledger, LedgerError, LedgerStatements } from '@khata/ledger';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { ReportScope } from '../../reports/report-scope.js';
import { LaggingReads } from '../../database/lagging-reads.js';
import { statementRangeOf, toStatementLine } from '../../transactions/statement.js';
import { UsersRepository } from '../../users/users.repository.js';
import { GetDayBookQuery } from './get-day-book.query.js';

/** Movements that open no transaction record, by event type. */
const EVENT_SERVICES: Record<string, string> = {
  'wallet.credited': 'Wallet credit',
  'wallet.debited': 'Wallet debit',
  'wallet.transferred': 'Wallet transfer',
  // Issue 23: placing and releasing are two rows, each named as what it is.
  'lien.placed': 'Lien placed',
  'lien.released': 'Lien released',
  'security.held': 'Security deposit held',
  'security.released': 'Security deposit released',
  'hold.expired': 'Hold expired',
};

/** The service a statement line counts under: its transaction's kind, the fee, or its event. */
function serviceOf(line: StatementLine): { service: string; label: string } {
  if (line.kind === 'fee') return { service: 'fee', label: 'Fees' };
  if (line.recordType && isTransactionKind(line.recordType)) {
    return { service: line.recordType, label: TRANSACTION_KINDS[line.recordType].label };
  }
  const event = line.eventType ?? 'other';
  return { service: event, label: EVENT_SERVICES[event] ?? 'Other' };
}

/**
 * The day book (`/admin/myAccount/:dayAgo`, issue 14): one India day of a wallet: the balance
 * it opened with, every movement (the ledger statement of that day), the balance it closed
 * with, and the day's totals by service. Holds placed and released are listed but move no
 * posted money, so they count in no total.
 */
@QueryHandler(GetDayBookQuery)
export class GetDayBookHandler implements IQueryHandler<GetDayBookQuery> {
  constructor(
    private readonly reads: LaggingReads,
    private readonly ledger: Ledger,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly reportScope: ReportScope,
  ) {}

  async execute({ viewer, dayAgo, userId }: GetDayBookQuery): Promise<DayBookAnswer> {
    const owner = userId ?? viewer.userId;
    // The network rule every report shares: admins and staff anyone, a distributor tier its
    // downline; outside it, answered as a user that does not exist (404).
    if (owner !== viewer.userId) await this.reportScope.resolve(viewer, { userId: owner });
    const user = await this.users.findById(owner);
    if (!user) throw new AppError(ErrorKind.NotFound, Messages.noData);
    let accountId: string;
    try {
      accountId = await this.ledger.userAccount(owner, 'wallet');
    } catch (error) {
      if (error instanceof LedgerError) throw new AppError(ErrorKind.NotFound, Messages.noData);
      throw error;
    }
    const day = dayBookDay(dayAgo, this.clock.now());
    // A report that may lag (docs/scaling.md): on the replica, in one snapshot, so the lines,
    // the opening and the closing balance are of one moment.
    const range = statementRangeOf({ from: day, to: day });
    const { lines, summary } = await this.reads.snapshot(async (tx) => {
      // Costed over the whole range, the plan would be JIT-compiled (bench:reports).
      await tx.query('SET LOCAL jit = off');
      const statements = new LedgerStatements(tx);
      const summary = await statements.summary(accountId, range);
      const rows = await statements.page(accountId, range, { limit: summary.total, offset: 0 });
      return { lines: rows.map(toStatementLine), summary };
    });
    const totals = new Map<string, DayBookTotal>();
    let credit = 0;
    let debit = 0;
    for (const line of lines) {
      if (line.kind === 'hold' || line.kind === 'release') continue;
      const { service, label } = serviceOf(line);
      const total = totals.get(service) ?? { service, label, count: 0, credit: 0, debit: 0 };
      total.count += 1;
      total.credit = cents(total.credit + line.credit);
      total.debit = cents(total.debit + line.debit);
      totals.set(service, total);
      credit = cents(credit + line.credit);
      debit = cents(debit + line.debit);
    }
    return {
      success: true,
      day,
      dayAgo,
      user: { id: user.id, name: user.name, mobile: user.mobile },
      openingBalance: paiseToRupees(summary.opening),
      closingBalance: paiseToRupees(summary.closing),
      lines,
      totals: [...totals.values()],
      totalCredit: credit,
      totalDebit: debit,
    };
  }
}

/** Rupee sums kept to the paisa (binary fractions would drift). */
function cents(rupees: number): number {
  return Math.round(rupees * 100) / 100;
}
