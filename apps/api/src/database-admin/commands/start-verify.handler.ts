import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DatabaseMessages, type VerifyRun } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { EnqueuesJobs } from '../../jobs/job-definition.js';
import { JobQueue } from '../../jobs/job-queue.js';
import {
  DatabaseAdminRepository,
  VERIFY_ABANDONED_AFTER_MS,
} from '../database-admin.repository.js';
import { verifyLedgerJob } from '../verify-ledger.job.js';
import { StartVerifyCommand } from './start-verify.command.js';

/**
 * Starts the ledger verify as a background job. At most one run is open: the row is the
 * guarantee (a partial unique index), so two presses at once, from two API processes, start
 * one run and both answer it.
 */
@CommandHandler(StartVerifyCommand)
@EnqueuesJobs(verifyLedgerJob)
export class StartVerifyHandler implements ICommandHandler<StartVerifyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    private readonly runs: DatabaseAdminRepository,
    private readonly jobs: JobQueue,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({
    admin,
    context,
  }: StartVerifyCommand): Promise<{ started: boolean; run: VerifyRun }> {
    const now = this.clock.now();
    const id = randomUUID();
    const opened = await this.uow.run(async (tx) => {
      await this.runs.abandonStale(tx, new Date(now.getTime() - VERIFY_ABANDONED_AFTER_MS), now);
      const created = await this.runs.openRun(tx, id, admin.userId, now);
      if (created) {
        await this.audit.record(tx, {
          action: 'ledger.verify',
          outcome: 'success',
          actorId: admin.userId,
          sessionId: admin.sessionId,
          context,
          details: { verifyRunId: id },
        });
      }
      return created;
    });
    if (!opened) {
      const open = await this.runs.openVerifyRun(this.db);
      // Closed between our insert and this read: the latest run is the answer.
      const run = open ?? (await this.runs.lastVerifyRun());
      return { started: false, run: run! };
    }
    try {
      await this.jobs.enqueue(verifyLedgerJob, { runId: id }, { jobId: `ledger-verify-${id}` });
    } catch {
      await this.runs.failRun(id, this.clock.now(), null, DatabaseMessages.queueUnavailable);
      throw new AppError(ErrorKind.Unavailable, DatabaseMessages.queueUnavailable);
    }
    return { started: true, run: (await this.runs.verifyRun(this.db, id))! };
  }
}
