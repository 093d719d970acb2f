import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  checkStatsMonth,
  indiaDayStart,
  nextMonth,
  paiseToRupees,
  streamPrefixOf,
  type AepsMonthFigure,
  type BbpsMonthFigure,
  type CountAmount,
  type MonthCloseInfo,
  type MonthlyStats,
  type ReconciliationLine,
  type StatusFigure,
} from '@khata/domain';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { LaggingReads } from '../../database/lagging-reads.js';
import { Db, type Tx } from '../../database/unit-of-work.js';
import {
  MonthlyStatsRepository,
  type EventGroup,
  type MonthWindow,
  type OpenedFigure,
  type OpenedStatusFigure,
  type StatusRow,
} from '../monthly-stats.repository.js';
import { ReconciliationMessages } from '../reconciliation-messages.js';
import { GetMonthlyStatsQuery } from './get-monthly-stats.query.js';

const rupees = paiseToRupees;
const PAYOUT = streamPrefixOf('payout');
const AEPS = streamPrefixOf('aepsSettlement');
const DMT = streamPrefixOf('dmt');
const AEPS_WITHDRAWAL = streamPrefixOf('aepsWithdrawal');
const AADHAAR_PAY = streamPrefixOf('aadhaarPay');
const BBPS = streamPrefixOf('bbps');

export function monthWindow(month: string): MonthWindow {
  return {
    first: `${month}-01`,
    start: indiaDayStart(`${month}-01`),
    end: indiaDayStart(`${nextMonth(month)}-01`),
  };
}

/** Sums the event groups that match, in paise: how many events, and the amount chosen. */
function figure(
  groups: EventGroup[],
  match: (group: EventGroup) => boolean,
  amount: (group: EventGroup) => number,
): CountAmount {
  const chosen = groups.filter(match);
  return {
    count: chosen.reduce((sum, group) => sum + group.events, 0),
    amount: rupees(chosen.reduce((sum, group) => sum + amount(group), 0)),
  };
}

function statuses(rows: StatusRow[], prefix: string): StatusFigure[] {
  return rows
    .filter((row) => row.prefix === prefix)
    .map((row) => ({
      status: row.status,
      count: row.count,
      amount: rupees(row.amount),
      fee: rupees(row.fee),
    }));
}

/** One AEPS kind's figure in rupees; zeros when the month had none. */
function aepsFigure(rows: OpenedFigure[], prefix: string): AepsMonthFigure {
  const row = rows.find((one) => one.prefix === prefix);
  return {
    count: row?.count ?? 0,
    amount: rupees(row?.amount ?? 0),
    commission: rupees(row?.commission ?? 0),
    fee: rupees(row?.fee ?? 0),
  };
}

/** Bill payments standing at these statuses, summed in rupees; zeros when there were none. */
function bbpsFigure(rows: OpenedStatusFigure[], statuses: readonly string[]): BbpsMonthFigure {
  const chosen = rows.filter((row) => statuses.includes(row.status));
  const sum = (pick: (row: OpenedStatusFigure) => number) =>
    chosen.reduce((total, row) => total + pick(row), 0);
  return {
    count: sum((row) => row.count),
    amount: rupees(sum((row) => row.amount)),
    ccf: rupees(sum((row) => row.ccf)),
    commission: rupees(sum((row) => row.commission)),
  };
}

/**
 * Monthly stats (issue 14): the month's figures from the ledger's views, the four
 * reconciliation lines, the chart's daily volume from the read model, and the close.
 */
@QueryHandler(GetMonthlyStatsQuery)
export class GetMonthlyStatsHandler implements IQueryHandler<GetMonthlyStatsQuery> {
  constructor(
    private readonly repository: MonthlyStatsRepository,
    private readonly reads: LaggingReads,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Every figure read in one repeatable-read snapshot, so concurrent appends cannot skew a line;
   * on the replica (figures may lag, docs/scaling.md). Whether the month is closed is read on
   * the primary: a close must show at once to whoever just closed it.
   */
  async execute({ month }: GetMonthlyStatsQuery): Promise<MonthlyStats> {
    const started = checkStatsMonth(month, this.clock.now());
    if (!started.ok) throw new AppError(ErrorKind.Invalid, started.message);
    return this.reads.snapshot((tx) => this.read(tx, month));
  }

  private async read(tx: Tx, month: string): Promise<MonthlyStats> {
    const w = monthWindow(month);
    const r = this.repository;
    // One after another: a transaction's connection runs one query at a time.
    const groups = await r.eventGroups(tx, w);
    const payoutRows = await r.payoutStatuses(tx, w, [PAYOUT, AEPS, DMT]);
    const counter = await r.openedFigures(tx, w, [AEPS_WITHDRAWAL, AADHAAR_PAY]);
    const bills = await r.openedByStatus(tx, w, BBPS);
    const kinds = await r.netByKind(tx, w);
    const opening = await r.floatAt(tx, w.start);
    const closing = await r.floatAt(tx, w.end);
    const balance = await r.eventsBalance(tx, w);
    const broken = await r.brokenWalletChains(tx, w);
    const model = await r.readModelDifferences(tx, w);
    const splits = await r.splitEvents(tx, w);
    const daily = await r.daily(tx, w);
    const close = await r.closeOf(this.db, month);

    const net = (kind: string) => kinds.find((row) => row.kind === kind)?.net ?? 0;
    const movements = net('wallet');
    const walletIn = (group: EventGroup) => group.walletIn;

    const reconciliation: ReconciliationLine[] = [
      {
        key: 'eventsBalance',
        label: 'Every event of the month sums to zero',
        ok: balance.unbalanced.length === 0 && balance.credits === balance.debits,
        figures: [
          { label: 'Events', value: balance.events },
          { label: 'Postings', value: balance.postings },
          { label: 'Credits (₹)', value: rupees(balance.credits) },
          { label: 'Debits (₹)', value: rupees(balance.debits) },
        ],
        differences: balance.unbalanced.map((event) => ({
          what: ReconciliationMessages.unbalancedEvent(event.seq, event.type),
          difference: rupees(-event.sum),
          events: [{ seq: event.seq, type: event.type, stream: event.stream }],
        })),
      },
      {
        key: 'float',
        label: 'Opening float + the month’s wallet movements = closing float',
        ok: opening + movements === closing && broken.length === 0,
        figures: [
          { label: 'Opening float (₹)', value: rupees(opening) },
          { label: 'Wallet movements (₹)', value: rupees(movements) },
          { label: 'Expected closing (₹)', value: rupees(opening + movements) },
          { label: 'Closing float (₹)', value: rupees(closing) },
        ],
        differences: [
          ...(opening + movements === closing
            ? []
            : [
                {
                  what: ReconciliationMessages.floatDiffers,
                  difference: rupees(opening + movements - closing),
                  events: broken.map(({ seq, type, stream }) => ({ seq, type, stream })),
                },
              ]),
          ...broken.map((posting) => ({
            what: ReconciliationMessages.walletChainBroken(
              posting.accountId,
              rupees(posting.before),
              rupees(posting.amount),
              rupees(posting.after),
            ),
            difference: rupees(posting.before + posting.amount - posting.after),
            events: [{ seq: posting.seq, type: posting.type, stream: posting.stream }],
          })),
        ],
      },
      {
        key: 'readModel',
        label: 'The read model equals a replay of the ledger',
        ok:
          model.totals.length === 0 &&
          model.closings.length === 0 &&
          model.unprojected.length === 0,
        figures: [
          { label: 'Account × event type rows replayed', value: model.rows },
          { label: 'Account closings replayed', value: model.accounts },
          { label: 'Rows that differ', value: model.totals.length },
          { label: 'Closings that differ', value: model.closings.length },
          { label: 'Events not projected', value: model.unprojected.length },
        ],
        differences: [
          ...model.unprojected.map((event) => ({
            what: ReconciliationMessages.notProjected(event.seq, event.type),
            difference: 0,
            events: [event],
          })),
          ...model.totals.map((row) => {
            const replay = row.replay ?? { credits: 0, debits: 0, postings: 0 };
            const stored = row.model ?? { credits: 0, debits: 0, postings: 0 };
            return {
              what: ReconciliationMessages.totalsDiffer({
                kind: row.kind,
                accountId: row.accountId,
                eventType: row.eventType,
                ledgerCredits: rupees(replay.credits),
                ledgerDebits: rupees(replay.debits),
                ledgerPostings: replay.postings,
                modelCredits: rupees(stored.credits),
                modelDebits: rupees(stored.debits),
                modelPostings: stored.postings,
              }),
              difference: rupees(
                replay.credits - replay.debits - (stored.credits - stored.debits) ||
                  replay.credits - stored.credits,
              ),
              events: row.events,
            };
          }),
          ...model.closings.map((row) => ({
            what: ReconciliationMessages.closingDiffers(
              row.kind,
              row.accountId,
              rupees(row.replay ?? 0),
              rupees(row.model ?? 0),
            ),
            difference: rupees((row.replay ?? 0) - (row.model ?? 0)),
            events: [],
          })),
        ],
      },
      {
        key: 'taxes',
        label: 'TDS and GST payable (and commissions) equal the sums of their legs',
        ok:
          splits.differing.length === 0 &&
          splits.splitTds === net('system:tds_payable') &&
          splits.splitGst === net('system:gst_payable') &&
          splits.splitCommissions === net('commission'),
        figures: [
          { label: 'Fee splits', value: splits.splits },
          { label: 'TDS in the splits (₹)', value: rupees(splits.splitTds) },
          { label: 'TDS payable moved (₹)', value: rupees(net('system:tds_payable')) },
          { label: 'GST in the splits (₹)', value: rupees(splits.splitGst) },
          { label: 'GST payable moved (₹)', value: rupees(net('system:gst_payable')) },
          { label: 'Commissions in the splits (₹)', value: rupees(splits.splitCommissions) },
          { label: 'Commission accounts moved (₹)', value: rupees(net('commission')) },
        ],
        differences: splits.differing.map((event) => ({
          what: ReconciliationMessages.splitDiffers({
            seq: event.seq,
            type: event.type,
            splitTds: rupees(event.splitTds),
            splitGst: rupees(event.splitGst),
            splitCommissions: rupees(event.splitCommissions),
            tds: rupees(event.tds),
            gst: rupees(event.gst),
            commissions: rupees(event.commissions),
          }),
          difference: rupees(
            event.splitTds -
              event.tds +
              (event.splitGst - event.gst) +
              (event.splitCommissions - event.commissions),
          ),
          events: [{ seq: event.seq, type: event.type, stream: event.stream }],
        })),
      },
    ];

    const credited = (group: EventGroup) => group.type === 'wallet.credited';
    return {
      month,
      ended: w.end.getTime() <= this.clock.now().getTime(),
      credits: {
        fundRequests: figure(
          groups,
          (g) => credited(g) && g.prefix === streamPrefixOf('fundRequest') && g.viaFunding,
          walletIn,
        ),
        fundRequestsFromUplines: figure(
          groups,
          (g) => credited(g) && g.prefix === streamPrefixOf('fundRequest') && !g.viaFunding,
          walletIn,
        ),
        adminCredits: figure(
          groups,
          (g) => credited(g) && g.prefix === streamPrefixOf('walletCredit'),
          walletIn,
        ),
        paymentGateway: figure(groups, (g) => g.viaPg, walletIn),
        // Issue 14: compensation Khata paid for late returns (system:compensation → wallet).
        compensation: figure(groups, (g) => g.prefix === 'compensation', walletIn),
      },
      debits: {
        adminDebits: figure(
          groups,
          (g) => g.type === 'wallet.debited',
          (g) => g.walletOut,
        ),
      },
      transfers: figure(groups, (g) => g.type === 'wallet.transferred', walletIn),
      payouts: statuses(payoutRows, PAYOUT),
      aepsSettlements: statuses(payoutRows, AEPS),
      dmtTransfers: statuses(payoutRows, DMT),
      aeps: {
        withdrawals: aepsFigure(counter, AEPS_WITHDRAWAL),
        aadhaarPay: aepsFigure(counter, AADHAAR_PAY),
      },
      bbps: {
        paid: bbpsFigure(bills, ['processed']),
        pending: bbpsFigure(bills, ['queued', 'processing']),
        failed: bbpsFigure(bills, ['failed']),
      },
      paidToBanks: rupees(net('system:bank_settlement')),
      fees: {
        charged: rupees(splits.splitFee),
        companyIncome: rupees(net('system:fee_income')),
        commissions: rupees(net('commission')),
        tds: rupees(net('system:tds_payable')),
        gst: rupees(net('system:gst_payable')),
      },
      float: { opening: rupees(opening), movements: rupees(movements), closing: rupees(closing) },
      reconciliation,
      reconciled: reconciliation.every((line) => line.ok),
      daily: daily.map((row) => ({ ...row, amount: rupees(row.amount) })),
      closed: close ? closeInfo(close) : null,
    };
  }
}

/** The stored close as the screen shows it. */
export function closeInfo(close: {
  closedAt: Date;
  closedBy: string;
  name: string | null;
  mobile: string | null;
}): MonthCloseInfo {
  return {
    closedAt: new Date(close.closedAt).toISOString(),
    closedBy: { id: close.closedBy, name: close.name, mobile: close.mobile },
  };
}
