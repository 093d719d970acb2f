import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  dayBookDay,
  isTransactionKind,
  TRANSACTION_KINDS,
  type DayBookAnswer,
  type DayBookTotal,
  type StatementLine,
} from '@khata/domain';
import { Ledger, LedgerError } from '@khata/ledger';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { ReportScope } from '../../reports/report-scope.js';
import { ReadModelRepository } from '../../transactions/read-model.repository.js';
import { UsersRepository } from '../../users/users.repository.js';
import { GetDayBookQuery } from './get-day-book.query.js';

const PAGE = 500;

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
    private readonly readModel: ReadModelRepository,
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
    if (!user) throw new AppError(ErrorKind.NotFound, 'No data found');
    let accountId: string;
    try {
      accountId = await this.ledger.userAccount(owner, 'wallet');
    } catch (error) {
      if (error instanceof LedgerError) throw new AppError(ErrorKind.NotFound, 'No data found');
      throw error;
    }
    const day = dayBookDay(dayAgo, this.clock.now());
    const range = { from: day, to: day };
    const first = await this.readModel.statement(accountId, range, { page: 1, pageSize: PAGE });
    const lines = [...first.lines];
    for (let page = 2; lines.length < first.total; page += 1) {
      const next = await this.readModel.statement(accountId, range, { page, pageSize: PAGE });
      if (!next.lines.length) break;
      lines.push(...next.lines);
    }
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
      openingBalance: first.openingBalance,
      closingBalance: first.closingBalance,
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
