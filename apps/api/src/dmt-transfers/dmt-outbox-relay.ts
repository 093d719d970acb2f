import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EnqueuesJobs } from '../jobs/job-definition.js';
import { JobQueue } from '../jobs/job-queue.js';
import { RailOutboxRelay } from '../rail/rail-outbox-relay.js';
import { dmtTransferJobId } from './dmt-transfer.js';
import { DmtTransfersRepository } from './dmt-transfers.repository.js';
import { processDmtTransferJob } from './process-dmt-transfer.job.js';

/** The DMT transfers' outbox relay: the rail framework's, enqueueing `dmt-transfer.process`. */
@Injectable()
@EnqueuesJobs(processDmtTransferJob)
export class DmtOutboxRelay extends RailOutboxRelay {
  constructor(
    transfers: DmtTransfersRepository,
    jobs: JobQueue,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      noun: 'DMT transfer',
      name: 'DmtTransferOutbox',
      outbox: transfers.outbox,
      enqueue: async (transferId) => {
        await jobs.enqueue(
          processDmtTransferJob,
          { transferId },
          { jobId: dmtTransferJobId(transferId) },
        );
      },
      clock,
      intervalMs: config.dmt.relayIntervalMs,
    });
  }
}
