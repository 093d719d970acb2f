import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Clock } from '../common/clock.js';
import { Ticker } from '../common/ticker.js';
import type { Trigger } from './rail-processor.js';

const BATCH = 50;

export interface RailSweeperParts {
  /** `payout`: the name in logs. */
  noun: string;
  /** The logger's and the ticker's name (`PayoutSweep`). */
  name: string;
  /**
   * Claims the transactions due a look at `at` by pushing their next look to `leaseUntil`, so
   * two sweepers never take the same one.
   */
  claimDue(at: Date, leaseUntil: Date, limit: number): Promise<string[]>;
  /** The product's processor, asked to check late returns too. */
  advance(id: string, trigger: Trigger, options: { checkReturn: boolean }): Promise<unknown>;
  clock: Clock;
  intervalMs: number;
  /** How far a claim pushes the next look (the product's stale time). */
  leaseMs: number;
  /** Whether this process sweeps (the workers do; an API process with workers beside it does not). */
  sweepsHere: boolean;
}

/**
 * Status enquiry on a schedule, the safety net under the job queue (issue 24: the payouts'
 * sweep, made the rails'): transactions whose next look has come (in flight with no news for a
 * while, or done and due a late-return check) are claimed and advanced directly against the
 * provider. It needs only Postgres and the provider, not Redis.
 */
export class RailSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly ticker: Ticker;

  constructor(private readonly parts: RailSweeperParts) {
    this.logger = new Logger(parts.name);
    this.ticker = new Ticker(parts.name, parts.intervalMs, () => this.sweep());
  }

  startSweeping(): void {
    this.ticker.start();
  }

  stopSweeping(): Promise<void> {
    return this.ticker.stop();
  }

  onApplicationBootstrap(): void {
    if (this.parts.sweepsHere) this.startSweeping();
  }

  onApplicationShutdown(): Promise<void> {
    return this.stopSweeping();
  }

  /** Advances every transaction due now; answers how many it looked at. */
  async sweep(): Promise<number> {
    const { clock, noun } = this.parts;
    const now = clock.now();
    let due: string[];
    try {
      due = await this.parts.claimDue(now, new Date(now.getTime() + this.parts.leaseMs), BATCH);
    } catch (error) {
      this.logger.warn(`Cannot look for ${noun}s due a check: ${(error as Error).message}`);
      return 0;
    }
    for (const id of due) {
      try {
        await this.parts.advance(id, { by: 'sweep' }, { checkReturn: true });
      } catch (error) {
        const name = noun.charAt(0).toUpperCase() + noun.slice(1);
        this.logger.error(`${name} ${id}: the sweep failed: ${(error as Error).message}`);
      }
    }
    return due.length;
  }
}
