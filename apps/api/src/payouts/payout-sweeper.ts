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
import { PayoutProcessor } from './payout-processor.js';
import { PayoutsRepository } from './payouts.repository.js';

const BATCH = 50;

/**
 * The safety net under the job queue, in worker processes: payouts whose `next_check_at` has
 * come (in flight with no news for a while, or processed and due a late-return check) are
 * claimed by pushing that time on (so two workers never take the same one) and advanced
 * directly against the rail. It needs only Postgres and the rail, not Redis.
 */
@Injectable()
export class PayoutSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PayoutSweep');
  private readonly ticker: Ticker;

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly processor: PayoutProcessor,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ticker = new Ticker('PayoutSweep', config.payouts.sweepIntervalMs, () => this.sweep());
  }

  onApplicationBootstrap(): void {
    if (this.config.processRole === 'api') return;
    this.ticker.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.ticker.stop();
  }

  /** Advances every payout due now; answers how many it looked at. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    let due: string[];
    try {
      due = await this.payouts.claimDue(
        now,
        new Date(now.getTime() + this.config.payouts.staleAfterMs),
        BATCH,
      );
    } catch (error) {
      this.logger.warn(`Cannot look for payouts due a check: ${(error as Error).message}`);
      return 0;
    }
    for (const payoutId of due) {
      try {
        await this.processor.advance(payoutId, { by: 'sweep' }, { checkReturn: true });
      } catch (error) {
        this.logger.error(`Payout ${payoutId}: the sweep failed: ${(error as Error).message}`);
      }
    }
    return due.length;
  }
}
