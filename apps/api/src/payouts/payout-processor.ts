import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { type RoleKind, roleKind } from '@khata/domain';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { type Tx, UnitOfWork } from '../database/unit-of-work.js';
import { BankRail, type RailOutcome } from '../rail/bank-rail.js';
import { appendedAnnouncement } from '../transactions/appended-announcement.js';
import type { AppendedProjected } from '../transactions/projected-appends.repository.js';
import { UsersRepository } from '../users/users.repository.js';
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
  startMove,
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
    private readonly users: UsersRepository,
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
    // The common run, a queued payout's first, starts it without reading it first: the
    // start's compare-and-set on `queued` is the machine's own step for a queued payout.
    const started = await this.start(payoutId);
    if (started) return this.pursueWithRail(started, await this.sendFirst(started), trigger);
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
   * Does what the machine says until it settles: at most one start (or one send or resend)
   * and the ask around it, then the move or the next look it decides.
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
        case 'start': {
          const started = await this.start(payout.id, step.move);
          if (started) {
            payout = started;
            heard = await this.sendFirst(started);
          } else {
            // Someone else started it (and sends it): see where it stands now.
            const now = await this.payouts.find(payout.id);
            if (!now || now.status === 'queued') return now ?? payout;
            payout = now;
          }
          break;
        }
        case 'move':
          payout = await this.commitMove({ payout, move: step.move, trigger });
          // A move follows an answer; it ends the run.
          return payout;
        case 'send':
          heard = (await this.payouts.claimSend(payout.id, payout.sendStartedAt, this.clock.now()))
            ? { via: 'send', answer: await this.sendToRail(payout) }
            : { via: 'claim-lost', earlier: heard?.via === 'ask' ? heard.answer : undefined };
          break;
        case 'ask':
          heard = { via: 'ask', answer: await this.askRail(payout) };
          break;
        case 'recheck':
          await this.noteRecheck(payout, step.at, trigger);
          if (step.unknownBecause) {
            this.logger.warn(
              `Payout ${payout.id}: the rail's answer is unknown (${step.unknownBecause}).`,
            );
          }
          return (await this.payouts.find(payout.id)) ?? payout;
      }
    }
  }

  /**
   * Starts a queued payout: processing with its first send claimed, one statement and no
   * ledger event (payout-machine.ts `startMove`). Undefined when it was not queued.
   */
  private start(
    payoutId: string,
    move: PayoutMove = startMove(this.clock.now(), this.config.payouts),
  ): Promise<Payout | undefined> {
    return this.payouts.start(payoutId, move.sendStartedAt ?? this.clock.now(), move.nextCheckAt);
  }

  private async sendFirst(started: Payout): Promise<Heard> {
    return { via: 'send', answer: await this.sendToRail(started) };
  }

  /**
   * Notes a look that settled nothing. The first time a payout is seen still processing after
   * its send, its `processing` event goes on the ledger in the same transaction, so the read
   * model and the tracker say "sent to the bank" while it waits. A payout the send's answer
   * settles never needs that event: its final event carries when it was sent.
   */
  private async noteRecheck(payout: Payout, nextCheckAt: Date | null, trigger: Trigger) {
    const appended = await this.uow.run(async (tx) => {
      const before = await this.payouts.noteStatusCheck(
        tx,
        payout.id,
        this.clock.now(),
        nextCheckAt,
      );
      if (before?.status !== 'processing' || before.processingRecorded) return undefined;
      return this.payoutLedger.moved(tx, before, 'processing', {}, { ...trigger });
    });
    // No money moves at `processing`: only the record's status, no balance to tell.
    if (appended) this.announce(appended, new Map());
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
   * projected, in one transaction; what the projection returned is published once that
   * commits. Answers the payout as it now stands, whoever moved it.
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
      const appended = await this.payoutLedger.moved(tx, moved, move.transition, facts, metadata);
      return { moved, appended, kinds: await this.ownerKind(tx, moved, appended) };
    });
    if (!done) return (await this.payouts.find(payout.id)) ?? payout;
    this.announce(done.appended, done.kinds);
    const why = move.facts.message ? `: ${move.facts.message}` : '';
    this.logger.log(`Payout ${payout.id} ${move.from} → ${move.to}${why}.`);
    return done.moved;
  }

  /**
   * The payout owner's role, read in the status change's transaction when the projection moved
   * their balance: the gateway then sends the balance the append returned instead of reading
   * the user and the balance again after commit (two commits of their own).
   */
  private async ownerKind(
    tx: Tx,
    payout: Payout,
    appended: AppendedProjected,
  ): Promise<Map<string, RoleKind | undefined>> {
    if (!appended.projection?.balances.has(payout.userId)) return new Map();
    const user = await this.users.findById(payout.userId, tx);
    return new Map([
      [payout.userId, user ? roleKind(user.role, this.config.productKey) : undefined],
    ]);
  }

  /** After commit only: a rolled back change is never announced. */
  private announce(appended: AppendedProjected, kinds: Map<string, RoleKind | undefined>): void {
    if (appended.projectionError) {
      this.logger.warn(`Projection of ${appended.seq} deferred: ${appended.projectionError}`);
    }
    const announcement = appendedAnnouncement(appended, kinds);
    if (announcement) this.events.publish(announcement);
  }
}

/** Anything an adapter throws (a timeout, a 5xx, a bug, a parse error) leaves the outcome unknown. */
function unknown(error: unknown): RailAnswer {
  return { status: 'unknown', reason: (error as Error)?.message ?? String(error) };
}
