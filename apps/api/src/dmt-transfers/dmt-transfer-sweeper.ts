import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RailSweeper } from '../rail/rail-sweeper.js';
import { DmtTransferProcessor } from './dmt-transfer-processor.js';
import { DmtTransfersRepository } from './dmt-transfers.repository.js';

/**
 * Status enquiry of DMT transfers on a schedule, in worker processes: the first look 15 minutes
 * after a transfer without news (config.dmt.staleAfterMs), then spaced out (rail-machine.ts
 * `recheckAt`), and late-return checks after success within the return window.
 */
@Injectable()
export class DmtTransferSweeper extends RailSweeper {
  constructor(
    transfers: DmtTransfersRepository,
    processor: DmtTransferProcessor,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      noun: 'DMT transfer',
      name: 'DmtTransferSweep',
      claimDue: (at, leaseUntil, limit) => transfers.rail.claimDue(at, leaseUntil, limit),
      advance: (id, trigger, options) => processor.advance(id, trigger, options),
      clock,
      intervalMs: config.dmt.sweepIntervalMs,
      leaseMs: config.dmt.staleAfterMs,
      sweepsHere: config.processRole !== 'api',
    });
  }
}
