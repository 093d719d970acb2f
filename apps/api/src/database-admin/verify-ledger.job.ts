import { Inject, Injectable, Logger } from '@nestjs/common';
import { publicKeyPem, verifyLedger } from '@khata/ledger';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { DatabaseAdminRepository } from './database-admin.repository.js';

export interface VerifyLedgerJobData {
  runId: string;
}

/** One run of `ledger:verify`, asked for on the Database screen; never retried (a run is a run). */
export const verifyLedgerJob = defineJob<VerifyLedgerJobData>({
  name: 'ledger.verify',
  attempts: 1,
});

@Injectable()
@HandlesJob(verifyLedgerJob)
export class VerifyLedgerHandler implements JobHandler<VerifyLedgerJobData> {
  private readonly logger = new Logger('LedgerVerify');

  constructor(
    private readonly runs: DatabaseAdminRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle({ runId }: VerifyLedgerJobData): Promise<void> {
    // Only a queued run starts: a job delivered twice, or a run closed as lost, does nothing.
    if (!(await this.runs.claimRun(runId, this.clock.now()))) return;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      // One snapshot for every query, so appends while it reads cannot look like a break.
      const result = await this.uow.run(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return verifyLedger(tx, { trustedKeys: [publicKeyPem(this.config.ledgerSigningKey)] });
      });
      await this.runs.finishRun(runId, this.clock.now(), elapsed(), result);
      if (!result.ok) {
        this.logger.warn(`Ledger verify ${runId}: ${result.violations.length} violations.`);
      }
    } catch (error) {
      await this.runs.failRun(runId, this.clock.now(), elapsed(), (error as Error).message);
      throw error;
    }
  }
}
