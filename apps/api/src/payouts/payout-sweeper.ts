import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RailSweeper } from '../rail/rail-sweeper.js';
import { PayoutProcessor } from './payout-processor.js';
import { PayoutsRepository } from './payouts.repository.js';

/**
 * The payouts' status enquiry on a schedule, in worker processes: the rail framework's sweep
 * (rail/rail-sweeper.ts) over the payouts table and the payout processor.
 */
@Injectable()
export class PayoutSweeper extends RailSweeper {
  constructor(
    payouts: PayoutsRepository,
    processor: PayoutProcessor,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      noun: 'payout',
      name: 'PayoutSweep',
      claimDue: (at, leaseUntil, limit) => payouts.rail.claimDue(at, leaseUntil, limit),
      advance: (id, trigger, options) => processor.advance(id, trigger, options),
      clock,
      intervalMs: config.payouts.sweepIntervalMs,
      leaseMs: config.payouts.staleAfterMs,
      sweepsHere: config.processRole !== 'api',
    });
  }
}
