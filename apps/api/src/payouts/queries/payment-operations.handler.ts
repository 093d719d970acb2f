import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  paiseToRupees,
  returnClock,
  type CompensationPaid,
  type PaymentOperation,
  streamPrefixOf,
} from '@khata/domain';
import { Db } from '../../database/unit-of-work.js';
import { compensationPaidOf } from '../commands/pay-compensation.handler.js';
import { handResolutionRefusal, SEND_SETTLE_MS } from '../payout-machine.js';
import { payoutRecord } from '../payout-record.js';
import { PayoutsRepository, type PayoutWithPayer } from '../payouts.repository.js';
import { PaymentOperationsQuery } from './payment-operations.query.js';

/** How far back a late return stays on the list (paid or not, it shows what was done). */
export const LATE_RETURN_LOOKBACK_DAYS = 30;
/** The longest list the screen shows; the oldest come first, so the overdue are never cut. */
export const OPERATIONS_LIMIT = 200;

@QueryHandler(PaymentOperationsQuery)
export class PaymentOperationsHandler implements IQueryHandler<PaymentOperationsQuery> {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly db: Db,
  ) {}

  async execute({ now, olderThanMinutes, kind }: PaymentOperationsQuery) {
    const rows = await this.payouts.needingSomeone({
      askedBefore: new Date(now.getTime() - olderThanMinutes * 60_000),
      returnedSince: new Date(now.getTime() - LATE_RETURN_LOOKBACK_DAYS * 24 * 60 * 60_000),
      kind: kind && streamPrefixOf(kind),
      limit: OPERATIONS_LIMIT,
    });
    const paid = await this.payouts.compensationsPaid(
      this.db,
      rows.filter((row) => !isOpen(row)).map((row) => row.id),
    );
    return rows
      .map((row) => {
        const compensation = paid.get(row.id);
        return operationOf(row, now, compensation ? compensationPaidOf(compensation) : null);
      })
      .sort(byUrgency);
  }
}

const isOpen = (payout: PayoutWithPayer) =>
  payout.status === 'queued' || payout.status === 'processing';

export function operationOf(
  payout: PayoutWithPayer,
  now: Date,
  compensationPaid: CompensationPaid | null = null,
): PaymentOperation {
  const open = isOpen(payout);
  const returnedAt = open ? null : (payout.finishedAt ?? payout.updatedAt);
  const clock = returnClock(payout.createdAt, returnedAt, now);
  const refusal = open ? handResolutionRefusal(payout, now) : 'not-processing';
  return {
    state: open ? 'open' : 'returnedLate',
    record: payoutRecord(payout, null),
    user: { id: payout.userId, name: payout.payerName, mobile: payout.payerMobile },
    paymentMode: payout.paymentMode,
    sends: payout.sends,
    statusChecks: payout.statusChecks,
    lastCheckedAt: payout.lastCheckedAt?.toISOString() ?? null,
    returnedAt: returnedAt?.toISOString() ?? null,
    transactionDay: clock.transactionDay,
    deadline: clock.deadline.toISOString(),
    daysLate: clock.daysLate,
    compensation: paiseToRupees(clock.compensation),
    resolveBlocked: refusal
      ? {
          reason: refusal,
          until:
            refusal === 'send-in-flight' && payout.sendStartedAt
              ? new Date(payout.sendStartedAt.getTime() + SEND_SETTLE_MS).toISOString()
              : null,
        }
      : null,
    compensationPaid,
  };
}

/** Money still out first, then by the deadline (the most overdue on top), then the oldest. */
function byUrgency(a: PaymentOperation, b: PaymentOperation): number {
  if (a.state !== b.state) return a.state === 'open' ? -1 : 1;
  return (
    a.deadline.localeCompare(b.deadline) || a.record.createdAt.localeCompare(b.record.createdAt)
  );
}
