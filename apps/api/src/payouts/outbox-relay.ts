import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { Ticker } from '../common/ticker.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EnqueuesJobs } from '../jobs/job-definition.js';
import { JobQueue } from '../jobs/job-queue.js';
import { payoutJobId } from './payout.js';
import { PayoutsRepository } from './payouts.repository.js';
import { processPayoutJob } from './process-payout.job.js';

const BATCH = 100;
/** An enqueue that has not answered by then is treated as failed; the row stays for later. */
const ENQUEUE_TIMEOUT_MS = 5000;

/**
 * Hands new payouts from the outbox table to the job queue. The request that wrote the payout
 * kicks it at once (the common path); every process also relays, each second, the rows a kick
 * could not (Redis down, a crash between commit and enqueue). Enqueue comes before marking, so
 * a crash in between enqueues again, which the jobId (and the payout's state) makes harmless.
 */
@Injectable()
@EnqueuesJobs(processPayoutJob)
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PayoutOutbox');
  private readonly ticker: Ticker;
  private failing = false;

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ticker = new Ticker('PayoutOutbox', config.payouts.relayIntervalMs, () =>
      this.relayPending(),
    );
  }

  onApplicationBootstrap(): void {
    this.ticker.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.ticker.stop();
  }

  /** Best effort, right after the payout committed; the periodic relay covers a failure. */
  kick(payoutId: string): void {
    this.enqueue(payoutId)
      .then(() => this.payouts.markRelayed(undefined, payoutId, this.clock.now()))
      .catch((error: Error) =>
        this.logger.warn(`Payout ${payoutId} waits in the outbox: ${error.message}`),
      );
  }

  /** Relays what is waiting, oldest first; answers how many went to the queue. */
  async relayPending(): Promise<number> {
    const olderThan = new Date(this.clock.now().getTime() - this.config.payouts.relayIntervalMs);
    let failure: string | undefined;
    const relayed = await this.payouts
      .transaction(async (manager) => {
        let count = 0;
        for (const payoutId of await this.payouts.claimOutbox(manager, BATCH, olderThan)) {
          try {
            await this.enqueue(payoutId);
          } catch (error) {
            // The queue is down: the rest waits for the next round.
            failure = (error as Error).message;
            await this.payouts.noteRelayFailure(manager, payoutId, failure);
            break;
          }
          await this.payouts.markRelayed(manager, payoutId, this.clock.now());
          count++;
        }
        return count;
      })
      .catch((error: Error) => {
        failure = error.message;
        return 0;
      });
    if (failure && !this.failing) this.logger.warn(`Payouts wait in the outbox: ${failure}`);
    if (!failure && this.failing) this.logger.log('The job queue takes payouts again.');
    this.failing = failure !== undefined;
    return relayed;
  }

  private async enqueue(payoutId: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.jobs.enqueue(processPayoutJob, { payoutId }, { jobId: payoutJobId(payoutId) }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('The job queue did not answer in time.')),
            ENQUEUE_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
