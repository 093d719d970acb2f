import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { LedgerAppendedEvent } from '../ledger/ledger-appended.event.js';
import { BankRail, type RailOutcome } from '../rail/bank-rail.js';
import { type Payout, ResolutionRefused, type Trigger } from './payout.js';
import { type EventMetadata, PayoutLedger } from './payout-ledger.js';
import {
  handMove,
  handResolutionRefusal,
  type Heard,
  isFinal,
  nextStep,
  type PayoutMove,
  type RailAnswer,
} from './payout-machine.js';
import { PayoutsRepository } from './payouts.repository.js';

/**
 * Runs the payout state machine (payout-machine.ts) against the bank rail and the database:
 * it loads, asks or sends, and commits what the machine decides. Safe to run for one payout
 * in several places at once (a retried job, the sweep, an admin's status check): every status
 * change is a compare-and-set on the status, and the right to send a compare-and-set on the
 * last send, so two callers never both move a payout or both send it.
 */
@Injectable()
export class PayoutProcessor {
  private readonly logger = new Logger('Payouts');

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly uow: UnitOfWork,
    private readonly payoutLedger: PayoutLedger,
    private readonly rail: BankRail,
    private readonly clock: Clock,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Moves the payout as far as the rail allows now and answers where it stands. A processed
   * payout is asked about a late return only when `checkReturn` is set.
   */
  async advance(
    payoutId: string,
    trigger: Trigger,
    { checkReturn = false }: { checkReturn?: boolean } = {},
  ): Promise<Payout | undefined> {
    const payout = await this.payouts.find(payoutId);
    return payout && this.pursueWithRail(payout, undefined, trigger, checkReturn);
  }

  /** Applies an outcome the rail pushed (a provider webhook), exactly like one it answered. */
  async applyRailOutcome(
    payoutId: string,
    outcome: RailOutcome,
    trigger: Trigger,
  ): Promise<Payout | undefined> {
    const payout = await this.payouts.find(payoutId);
    return payout && this.pursueWithRail(payout, { via: 'push', answer: outcome }, trigger);
  }

  /**
   * An admin settles a payout the rail gives no final answer for. The rail is asked first and
   * its answer wins; the manual answer applies only if no send was claimed meanwhile, and never
   * while a send may still be on its way to the rail.
   */
  async resolve(
    payoutId: string,
    resolution: { status: 'processed'; utr: string } | { status: 'failed'; reason: string },
    trigger: Trigger,
  ): Promise<{ payout: Payout; by: 'rail' | 'hand' } | undefined> {
    const payout = await this.payouts.find(payoutId);
    if (!payout) return undefined;
    const refusal = handResolutionRefusal(payout, this.clock.now());
    if (refusal) throw new ResolutionRefused(refusal, payout);
    const answer = await this.askRail(payout);
    if (isFinal(answer)) {
      const heard: Heard = { via: 'ask', answer };
      return { payout: await this.pursueWithRail(payout, heard, trigger), by: 'rail' };
    }
    const move = handMove(payout, resolution, this.clock.now(), this.config.payouts);
    const moved = await this.commitMove({ payout, move, trigger });
    if (moved.status !== resolution.status) throw new ResolutionRefused('changed', moved);
    return { payout: moved, by: 'hand' };
  }

  /**
   * Does what the machine says until it settles: at most one move from queued, one send (or
   * resend) and the ask around it, then the move or the next look it decides.
   */
  private async pursueWithRail(
    start: Payout,
    first: Heard | undefined,
    trigger: Trigger,
    checkReturn = false,
  ): Promise<Payout> {
    let payout = start;
    let heard = first;
    for (;;) {
      const step = nextStep(payout, heard, this.clock.now(), this.config.payouts, {
        checkReturn,
      });
      switch (step.do) {
        case 'stop':
          return payout;
        case 'move':
          payout = await this.commitMove({ payout, move: step.move, trigger });
          // Only the move to processing goes on (to the rail); an answer's move ends the run.
          if (heard) return payout;
          break;
        case 'send':
          heard = (await this.payouts.claimSend(payout.id, payout.sendStartedAt, this.clock.now()))
            ? { via: 'send', answer: await this.sendToRail(payout) }
            : { via: 'claim-lost', earlier: heard?.via === 'ask' ? heard.answer : undefined };
          break;
        case 'ask':
          heard = { via: 'ask', answer: await this.askRail(payout) };
          break;
        case 'recheck':
          await this.payouts.noteStatusCheck(payout.id, this.clock.now(), step.at);
          if (step.unknownBecause) {
            this.logger.warn(
              `Payout ${payout.id}: the rail's answer is unknown (${step.unknownBecause}).`,
            );
          }
          return (await this.payouts.find(payout.id)) ?? payout;
      }
    }
  }

  private async sendToRail(payout: Payout): Promise<RailAnswer> {
    try {
      return await this.rail.send({
        reference: payout.id,
        accountNumber: payout.accountNumber,
        ifsc: payout.ifsc,
        name: payout.beneficiaryName,
        amount: payout.amount,
        mode: payout.paymentMode,
      });
    } catch (error) {
      return unknown(error);
    }
  }

  private async askRail(payout: Payout): Promise<RailAnswer> {
    try {
      return await this.rail.status(payout.id);
    } catch (error) {
      return unknown(error);
    }
  }

  /**
   * One state change: the row (compare-and-set on its current status) and its ledger event,
   * in one transaction; the event is published once that commits. Answers the payout as it
   * now stands, whoever moved it.
   */
  private async commitMove(commit: {
    payout: Payout;
    move: PayoutMove;
    trigger: Trigger;
  }): Promise<Payout> {
    const { payout, move, trigger } = commit;
    const at = this.clock.now();
    const { from, to, facts, nextCheckAt, sendStartedAt } = move;
    const done = await this.uow.run(async (tx) => {
      const change = { from, to, at, ...facts, nextCheckAt, sendStartedAt };
      const moved = await this.payouts.move(tx, payout.id, change);
      if (!moved) return undefined;
      const metadata: EventMetadata = { ...trigger };
      const seq = await this.payoutLedger.moved(tx, moved, move.transition, facts, metadata);
      return { moved, seq };
    });
    if (!done) return (await this.payouts.find(payout.id)) ?? payout;
    this.events.publish(new LedgerAppendedEvent([done.seq]));
    if (move.to !== 'processing') {
      const why = move.facts.message ? `: ${move.facts.message}` : '';
      this.logger.log(`Payout ${payout.id} ${move.from} → ${move.to}${why}.`);
    }
    return done.moved;
  }
}

/** Anything an adapter throws (a timeout, a 5xx, a bug, a parse error) leaves the outcome unknown. */
function unknown(error: unknown): RailAnswer {
  return { status: 'unknown', reason: (error as Error)?.message ?? String(error) };
}
