import { Inject, Injectable, Logger } from '@nestjs/common';
import { Ledger, LedgerError, ledgerStream } from '@khata/ledger';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { BATCHED_LEDGER } from './batched-ledger.js';
import { ExpiredHolds } from './expired-holds.repository.js';

/**
 * Holds past their expiry are voided (money back to available), a batch each minute. Each void
 * is an event of its own that no other write goes with, so they are appended all at once
 * through the ledger with group commit on (BATCHED_LEDGER): up to 32 to a transaction instead of one each.
 */
export const expireHoldsJob = defineJob<Record<string, never>>({
  name: 'ledger.expire-holds',
  attempts: 3,
  everyMs: 60_000,
});

const BATCH = 500;

@Injectable()
@HandlesJob(expireHoldsJob)
export class ExpireHoldsHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('ExpireHolds');

  constructor(
    @Inject(BATCHED_LEDGER) private readonly ledger: Ledger,
    private readonly holds: ExpiredHolds,
  ) {}

  async handle(): Promise<void> {
    const expired = await this.holds.due(BATCH);
    const outcomes = await Promise.allSettled(
      expired.map((holdId) =>
        this.ledger.append({
          type: 'hold.expired',
          stream: ledgerStream('hold', holdId),
          legs: [],
          holds: [{ op: 'void', holdId }],
        }),
      ),
    );
    let voided = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') voided++;
      // Posted or voided by its owner since we looked: nothing left to expire. Anything else
      // fails the run (the others are voided already; the next run retries what is left).
      else if (!(
        outcome.reason instanceof LedgerError && outcome.reason.kind === 'hold-not-pending'
      )) {
        throw outcome.reason;
      }
    }
    if (voided) this.logger.log(`Voided ${voided} expired hold${voided === 1 ? '' : 's'}.`);
  }
}
