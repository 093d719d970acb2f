import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  AEPS_LATE_REVERSAL_PER_DAY,
  AEPS_REVERSAL_TAT_DAYS,
  aepsBankOf,
  maskAadhaar,
  paiseToRupees,
  returnClock,
  type AepsReversalOperation,
  type AepsReversals,
} from '@khata/domain';
import type { AepsTransactionListRow } from '../aeps-transaction.js';
import { AepsTransactionsRepository } from '../aeps-transactions.repository.js';
import { AepsReversalsQuery } from './aeps-reversals.query.js';

/**
 * How far back a debited failure stays on the list. Khata never hears of the bank's reversal
 * (it moved nothing, and the provider sends no word of it), so without a window a row would
 * stay, and its exposure grow, for ever; a month is as long as the late payout returns stay
 * on the same screen, and far past T + 5 (docs/decisions.md, "Issue 26: AEPS on Payment
 * Operations").
 */
export const AEPS_REVERSAL_LOOKBACK_DAYS = 30;
/** The longest list the screen shows; the oldest come first, so the most overdue are never cut. */
export const AEPS_REVERSALS_LIMIT = 200;

@QueryHandler(AepsReversalsQuery)
export class AepsReversalsHandler implements IQueryHandler<AepsReversalsQuery> {
  constructor(private readonly transactions: AepsTransactionsRepository) {}

  async execute({ now }: AepsReversalsQuery): Promise<AepsReversals> {
    const rows = await this.transactions.debitedFailures(
      new Date(now.getTime() - AEPS_REVERSAL_LOOKBACK_DAYS * 24 * 60 * 60_000),
      AEPS_REVERSALS_LIMIT,
    );
    const data = rows.map((row) => aepsReversalOf(row, now));
    return {
      data,
      totals: {
        count: data.length,
        overdue: data.filter((row) => row.daysLate > 0).length,
        exposure: data.reduce((sum, row) => sum + row.exposure, 0),
      },
    };
  }
}

/**
 * One debited failure as the screen shows it. The clock is RBI's for AEPS (T + 5, India days),
 * still running at `now`: the reversal happens between the customer's bank and the provider,
 * so Khata counts the exposure until the row leaves the window.
 */
export function aepsReversalOf(
  txn: AepsTransactionListRow & { shopMobile: string },
  now: Date,
): AepsReversalOperation {
  const clock = returnClock(txn.createdAt, null, now, AEPS_REVERSAL_TAT_DAYS);
  return {
    id: txn.id,
    shop: { id: txn.userId, name: txn.shopName, mobile: txn.shopMobile },
    aadhaar: maskAadhaar(txn.aadhaarLast4),
    bankName: aepsBankOf(txn.bankIin)?.name ?? txn.bankIin,
    bankIin: txn.bankIin,
    amount: paiseToRupees(txn.amount),
    rrn: txn.rrn,
    message: txn.message,
    createdAt: txn.createdAt.toISOString(),
    transactionDay: clock.transactionDay,
    deadline: clock.deadline.toISOString(),
    daysLate: clock.daysLate,
    exposure: paiseToRupees(clock.daysLate * AEPS_LATE_REVERSAL_PER_DAY),
  };
}
