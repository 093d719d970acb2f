import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RailSweeper } from '../rail/rail-sweeper.js';
import { AepsProcessor } from './aeps-processor.js';
import { AepsTransactionsRepository } from './aeps-transactions.repository.js';

/**
 * Status enquiry of AEPS transactions on a schedule, in worker processes: the first look 2
 * minutes after a transaction without news (config.aeps.staleAfterMs), then spaced out to at
 * most 30 minutes apart. It also picks up a transaction whose request died before its send:
 * with no fingerprint left, that one fails with nothing moved.
 */
@Injectable()
export class AepsSweeper extends RailSweeper {
  constructor(
    transactions: AepsTransactionsRepository,
    processor: AepsProcessor,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      noun: 'AEPS transaction',
      name: 'AepsSweep',
      claimDue: (at, leaseUntil, limit) => transactions.rail.claimDue(at, leaseUntil, limit),
      advance: (id, trigger) => processor.advance(id, trigger),
      clock,
      intervalMs: config.aeps.sweepIntervalMs,
      leaseMs: config.aeps.staleAfterMs,
      sweepsHere: config.processRole !== 'api',
    });
  }
}
