import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RailSweeper } from '../rail/rail-sweeper.js';
import { BbpsPaymentsRepository } from './bbps-payments.repository.js';
import { BbpsProcessor } from './bbps-processor.js';

/**
 * Status enquiry of bill payments on a schedule, in worker processes: the first look 2 minutes
 * after a payment without news (config.bbps.staleAfterMs), then spaced out to at most 30
 * minutes apart. It also sends a payment whose request died before its send (queued, its
 * money held): it was never sent, so sending it is its first send, not a second.
 */
@Injectable()
export class BbpsSweeper extends RailSweeper {
  constructor(
    payments: BbpsPaymentsRepository,
    processor: BbpsProcessor,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      noun: 'bill payment',
      name: 'BbpsSweep',
      claimDue: (at, leaseUntil, limit) => payments.rail.claimDue(at, leaseUntil, limit),
      advance: (id, trigger) => processor.advance(id, trigger),
      clock,
      intervalMs: config.bbps.sweepIntervalMs,
      leaseMs: config.bbps.staleAfterMs,
      sweepsHere: config.processRole !== 'api',
    });
  }
}
