import { Injectable, Logger } from '@nestjs/common';
import { Ledger, LedgerError } from '@khata/ledger';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { ExpiredHolds } from './expired-holds.repository.js';

/** Holds past their expiry are voided (money back to available), a batch each minute. */
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
    private readonly ledger: Ledger,
    private readonly holds: ExpiredHolds,
  ) {}

  async handle(): Promise<void> {
    const expired = await this.holds.due(BATCH);
    let voided = 0;
    for (const holdId of expired) {
      try {
        await this.ledger.append({
          type: 'hold.expired',
          stream: `hold:${holdId}`,
          legs: [],
          holds: [{ op: 'void', holdId }],
        });
        voided++;
      } catch (error) {
        // Posted or voided by its owner since we looked: nothing left to expire.
        if (!(error instanceof LedgerError && error.kind === 'hold-not-pending')) throw error;
      }
    }
    if (voided) this.logger.log(`Voided ${voided} expired hold${voided === 1 ? '' : 's'}.`);
  }
}
