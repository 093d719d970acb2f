import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { BankRail, type RailTransfer } from '../rail/bank-rail.js';
import type { RailOutcome } from '../rail/rail-adapter.js';
import type { HandResolution } from '../rail/rail-machine.js';
import { RailProcessor, type Trigger } from '../rail/rail-processor.js';
import type { Payout } from './payout.js';
import { payoutMachine } from './payout-machine.js';
import { PayoutRailStore } from './payout-rail-store.js';

/**
 * Payouts and AEPS settlements on the rail framework: the payout machine (payout-machine.ts)
 * run by the shared RailProcessor against the bank rail and the payouts' store
 * (payout-rail-store.ts). Safe to run for one payout in several places at once (a retried
 * job, the sweep, an admin's status check, a webhook).
 */
@Injectable()
export class PayoutProcessor {
  private readonly rail: RailProcessor<Payout, RailTransfer>;

  constructor(
    store: PayoutRailStore,
    bank: BankRail,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rail = new RailProcessor({
      noun: 'payout',
      machine: payoutMachine,
      store,
      adapter: bank,
      requestOf: transferOf,
      timings: () => config.payouts,
      now: () => clock.now(),
      logger: new Logger('Payouts'),
    });
  }

  /**
   * Moves the payout as far as the rail allows now and answers where it stands. A processed
   * payout is asked about a late return only when `checkReturn` is set.
   */
  advance(
    payoutId: string,
    trigger: Trigger,
    options: { checkReturn?: boolean } = {},
  ): Promise<Payout | undefined> {
    return this.rail.advance(payoutId, trigger, options);
  }

  /** Applies an outcome the rail pushed (a provider webhook), exactly like one it answered. */
  applyRailOutcome(
    payoutId: string,
    outcome: RailOutcome,
    trigger: Trigger,
  ): Promise<Payout | undefined> {
    return this.rail.applyRailOutcome(payoutId, outcome, trigger);
  }

  /**
   * An admin settles a payout the rail gives no final answer for: the rail's own answer wins,
   * the manual one applies only if no send was claimed meanwhile (RailProcessor.resolve).
   */
  async resolve(
    payoutId: string,
    resolution: HandResolution,
    trigger: Trigger,
  ): Promise<{ payout: Payout; by: 'rail' | 'hand' } | undefined> {
    const resolved = await this.rail.resolve(payoutId, resolution, trigger);
    return resolved && { payout: resolved.txn, by: resolved.by };
  }
}

/** The bank rail's transfer of a payout: its id is the rail's idempotency key. */
function transferOf(payout: Payout): RailTransfer {
  return {
    reference: payout.id,
    accountNumber: payout.accountNumber,
    ifsc: payout.ifsc,
    name: payout.beneficiaryName,
    amount: payout.amount,
    mode: payout.paymentMode,
  };
}
