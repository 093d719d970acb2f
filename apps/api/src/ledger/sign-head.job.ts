import { Inject, Injectable, Logger } from '@nestjs/common';
import { addDays, indiaDay, indiaDayStart } from '@khata/domain';
import { lastSignedDay, signLedgerHead, type SignedHead } from '@khata/ledger';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Db } from '../database/unit-of-work.js';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';

/**
 * Tamper evidence (issue 14): the ledger's head at the last event of each India day, signed
 * with LEDGER_SIGNING_KEY. Runs every hour and signs what is due, so a day is signed in the
 * first hour after it ends, and a missed run (the worker was down) catches up; a day is
 * signed once however many runs race (the table's key).
 */
export const signLedgerHeadJob = defineJob<Record<string, never>>({
  name: 'ledger.sign-head',
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
  everyMs: 60 * 60 * 1000,
});

/** A day is signed once it has been over this long: appends begun before midnight have committed. */
export const SIGN_AFTER_DAY_END_MS = 5 * 60 * 1000;
/** How many missed days a run catches up on at most. */
export const SIGN_CATCH_UP_DAYS = 31;

@Injectable()
@HandlesJob(signLedgerHeadJob)
export class SignLedgerHeadHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('LedgerHeads');

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(): Promise<void> {
    await this.signDue(this.clock.now());
  }

  /** Signs every day due at `now` that is not signed yet; answers the heads it stored. */
  async signDue(now: Date): Promise<SignedHead[]> {
    const lastDay = addDays(indiaDay(new Date(now.getTime() - SIGN_AFTER_DAY_END_MS)), -1);
    const signed = await lastSignedDay(this.db);
    const earliest = addDays(lastDay, -(SIGN_CATCH_UP_DAYS - 1));
    let day = signed ? addDays(signed, 1) : lastDay;
    if (day < earliest) day = earliest;
    const stored: SignedHead[] = [];
    for (; day <= lastDay; day = addDays(day, 1)) {
      const { head, created } = await signLedgerHead(this.db, {
        day,
        dayEnd: indiaDayStart(addDays(day, 1)),
        key: this.config.ledgerSigningKey,
      });
      if (created) {
        stored.push(head);
        this.logger.debug(`Signed the ledger's head of ${day} at seq ${head.seq}.`);
      }
    }
    return stored;
  }
}
