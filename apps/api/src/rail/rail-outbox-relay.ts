import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Clock } from '../common/clock.js';
import { Ticker } from '../common/ticker.js';

/** A product's outbox table: rows written with the transaction, claimed by lease to relay. */
export interface RailOutbox {
  claimOutbox(claim: {
    at: Date;
    leaseUntil: Date;
    failedBefore: Date;
    kickedBefore: Date;
    limit: number;
  }): Promise<string[]>;
  markRelayed(id: string, at: Date): Promise<void>;
  noteRelayFailure(id: string, error: string): Promise<void>;
  releaseOutbox(ids: string[]): Promise<void>;
}

export interface RailOutboxParts {
  /** `payout`: the name in logs. */
  noun: string;
  /** The logger's and the ticker's name (`PayoutOutbox`). */
  name: string;
  outbox: RailOutbox;
  /** Puts one transaction's job on the queue, under its business id as the jobId. */
  enqueue(id: string): Promise<void>;
  clock: Clock;
  intervalMs: number;
}

const BATCH = 100;
/** An enqueue that has not answered by then is treated as failed; the row stays for later. */
const ENQUEUE_TIMEOUT_MS = 5000;
/**
 * How long a claimed batch is this relay's. A relay that dies after its claim delays its rows
 * this long; one slow enough to outlast it may see a row enqueued twice, which the jobId (and
 * the transaction's own state) makes harmless.
 */
const LEASE_MS = 60_000;
/**
 * A row the kick handed to the queue is the worker's to mark (its start does, in the statement
 * that starts the transaction); the relay enqueues it again only if no worker started it by then.
 * Longer than a busy queue's wait, so a loaded system does not relay every transaction twice.
 */
const KICKED_GRACE_MS = 10_000;

/**
 * Hands a product's new transactions from its outbox table to the job queue (issue 24: the
 * payouts' relay, made the rails'). The request that wrote the transaction kicks it at once
 * (the common path); every process also relays, each interval, the rows a kick could not (Redis
 * down, a crash between commit and enqueue). Rows are claimed by lease, like the sweep claims
 * transactions, so no database transaction is open while Redis is awaited. Enqueue comes before
 * marking, so a crash in between enqueues again, which the jobId makes harmless.
 */
export class RailOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly ticker: Ticker;
  private failing = false;

  constructor(private readonly parts: RailOutboxParts) {
    this.logger = new Logger(parts.name);
    this.ticker = new Ticker(parts.name, parts.intervalMs, () => this.relayPending());
  }

  /** Starts the periodic relay (at the application's start: every process relays). */
  startRelaying(): void {
    this.ticker.start();
  }

  stopRelaying(): Promise<void> {
    return this.ticker.stop();
  }

  onApplicationBootstrap(): void {
    this.startRelaying();
  }

  onApplicationShutdown(): Promise<void> {
    return this.stopRelaying();
  }

  /**
   * Best effort, right after the transaction committed; the periodic relay covers a failure. The
   * row is not marked here: the worker's start marks it in the statement that starts the
   * transaction (one commit fewer per transaction). A failed kick is noted, so the next round relays the
   * row; one the kick enqueued but no worker started within KICKED_GRACE_MS is enqueued again
   * (a crash between commit and kick waits as long), which the jobId makes harmless.
   */
  kick(id: string): void {
    const { noun, outbox } = this.parts;
    void this.enqueue(id).catch(async (error: Error) => {
      this.logger.warn(`${capitalised(noun)} ${id} waits in the outbox: ${error.message}`);
      await outbox
        .noteRelayFailure(id, error.message)
        .catch((noted: Error) =>
          this.logger.warn(
            `${capitalised(noun)} ${id}: the kick's failure not noted: ${noted.message}`,
          ),
        );
    });
  }

  /** Relays what is waiting, oldest first; answers how many went to the queue. */
  async relayPending(): Promise<number> {
    const { count, failure } = await this.relayClaimed().catch((error: Error) => ({
      count: 0,
      failure: error.message,
    }));
    const { noun } = this.parts;
    if (failure && !this.failing)
      this.logger.warn(`${capitalised(noun)}s wait in the outbox: ${failure}`);
    if (!failure && this.failing) this.logger.log(`The job queue takes ${noun}s again.`);
    this.failing = failure !== undefined;
    return count;
  }

  /** Claims a batch, then enqueues it row by row; stops at the first failure of the queue. */
  private async relayClaimed(): Promise<{ count: number; failure?: string }> {
    const { outbox, clock, intervalMs } = this.parts;
    const now = clock.now();
    const claimed = await outbox.claimOutbox({
      at: now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      failedBefore: new Date(now.getTime() - intervalMs),
      kickedBefore: new Date(now.getTime() - Math.max(KICKED_GRACE_MS, intervalMs)),
      limit: BATCH,
    });
    for (const [index, id] of claimed.entries()) {
      try {
        await this.enqueue(id);
      } catch (error) {
        // The queue is down: the rest waits for the next round, not for its lease to lapse.
        const failure = (error as Error).message;
        await outbox.noteRelayFailure(id, failure);
        await outbox.releaseOutbox(claimed.slice(index + 1));
        return { count: index, failure };
      }
      await outbox.markRelayed(id, clock.now());
    }
    return { count: claimed.length };
  }

  private async enqueue(id: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.parts.enqueue(id),
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

function capitalised(noun: string): string {
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}
