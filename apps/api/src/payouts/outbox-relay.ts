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
 * How long a claimed batch is this relay's. A relay that dies after its claim delays its rows
 * this long; one slow enough to outlast it may see a row enqueued twice, which the jobId (and
 * the payout's own state) makes harmless.
 */
const LEASE_MS = 60_000;
/**
 * A row the kick handed to the queue is the worker's to mark (its start does, in the statement
 * that starts the payout); the relay enqueues it again only if no worker started it by then.
 * Longer than a busy queue's wait, so a loaded system does not relay every payout twice.
 */
const KICKED_GRACE_MS = 10_000;

/**
 * Hands new payouts from the outbox table to the job queue. The request that wrote the payout
 * kicks it at once (the common path); every process also relays, each second, the rows a kick
 * could not (Redis down, a crash between commit and enqueue). Rows are claimed by lease, like
 * the sweep claims payouts, so no database transaction is open while Redis is awaited. Enqueue
 * comes before marking, so a crash in between enqueues again, which the jobId makes harmless.
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

  /**
   * Best effort, right after the payout committed; the periodic relay covers a failure. The
   * row is not marked here: the worker's start marks it in the statement that starts the
   * payout (one commit fewer per payout). A failed kick is noted, so the next round relays the
   * row; one the kick enqueued but no worker started within KICKED_GRACE_MS is enqueued again
   * (a crash between commit and kick waits as long), which the jobId makes harmless.
   */
  kick(payoutId: string): void {
    void this.enqueue(payoutId).catch(async (error: Error) => {
      this.logger.warn(`Payout ${payoutId} waits in the outbox: ${error.message}`);
      await this.payouts
        .noteRelayFailure(payoutId, error.message)
        .catch((noted: Error) =>
          this.logger.warn(`Payout ${payoutId}: the kick's failure not noted: ${noted.message}`),
        );
    });
  }

  /** Relays what is waiting, oldest first; answers how many went to the queue. */
  async relayPending(): Promise<number> {
    const { count, failure } = await this.relayClaimed().catch((error: Error) => ({
      count: 0,
      failure: error.message,
    }));
    if (failure && !this.failing) this.logger.warn(`Payouts wait in the outbox: ${failure}`);
    if (!failure && this.failing) this.logger.log('The job queue takes payouts again.');
    this.failing = failure !== undefined;
    return count;
  }

  /** Claims a batch, then enqueues it row by row; stops at the first failure of the queue. */
  private async relayClaimed(): Promise<{ count: number; failure?: string }> {
    const now = this.clock.now();
    const claimed = await this.payouts.claimOutbox({
      at: now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      failedBefore: new Date(now.getTime() - this.config.payouts.relayIntervalMs),
      kickedBefore: new Date(
        now.getTime() - Math.max(KICKED_GRACE_MS, this.config.payouts.relayIntervalMs),
      ),
      limit: BATCH,
    });
    for (const [index, payoutId] of claimed.entries()) {
      try {
        await this.enqueue(payoutId);
      } catch (error) {
        // The queue is down: the rest waits for the next round, not for its lease to lapse.
        const failure = (error as Error).message;
        await this.payouts.noteRelayFailure(payoutId, failure);
        await this.payouts.releaseOutbox(claimed.slice(index + 1));
        return { count: index, failure };
      }
      await this.payouts.markRelayed(payoutId, this.clock.now());
    }
    return { count: claimed.length };
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
