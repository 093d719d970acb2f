import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LedgerAppendedEvent } from '../ledger/ledger-appended.event.js';
import {
  BankRail,
  type RailOutcome,
  type RailTransfer,
  RailUnavailableError,
} from '../rail/bank-rail.js';
import { IN_FLIGHT, type Payout, type PayoutStatus } from './payout.js';
import { type EventMetadata, PayoutLedger } from './payout-ledger.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Who moved a payout on, kept on each ledger event's metadata. */
export type Trigger =
  | { by: 'worker'; jobId: string; attempt: number }
  | { by: 'sweep' }
  | { by: 'admin'; adminId: string; requestId: string | null }
  | { by: 'webhook'; eventId: string };

/** What the rail said, or that nobody knows (timeout, 5xx). */
type Heard = RailOutcome | { status: 'not-found' } | { status: 'unknown'; reason: string };

const MAX_RECHECK_MS = 15 * 60_000;
/** A send younger than this may still be on its way to the rail: no manual resolution yet. */
const SEND_SETTLE_MS = 10 * 60_000;

/** Why a manual resolution was not applied. */
export class ResolutionRefused extends Error {
  override readonly name = 'ResolutionRefused';

  constructor(
    readonly reason: 'not-processing' | 'send-in-flight' | 'changed',
    readonly payout: Payout,
  ) {
    super(reason);
  }
}

/**
 * The payout state machine against the bank rail. Safe to run for one payout in several
 * places at once (a retried job, the sweep, an admin's status check): every status change is a
 * compare-and-set, and the right to send is a compare-and-set on the last send, so
 *
 * - a payout is sent to the rail once; it is sent again only after the rail said it never
 *   received it (`not-found`), and always under the same reference (the payout id), which the
 *   rail treats as its idempotency key;
 * - after an unknown outcome (timeout, 5xx, a crash mid-call) it only asks the rail;
 * - it ends in exactly one terminal state, with the ledger event of that state.
 */
@Injectable()
export class PayoutProcessor {
  private readonly logger = new Logger('Payouts');

  constructor(
    private readonly payouts: PayoutsRepository,
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
    let payout = await this.payouts.find(payoutId);
    if (!payout) return undefined;
    if (payout.status === 'queued') {
      payout = await this.settle(payout, 'processing', 'processing', {}, trigger);
    }
    if (payout.status === 'processing') return this.pursue(payout, trigger);
    if (payout.status === 'processed' && checkReturn) return this.checkReturn(payout, trigger);
    return payout;
  }

  /** Applies an outcome the rail pushed (a provider webhook), exactly like one it answered. */
  async heard(
    payoutId: string,
    outcome: RailOutcome,
    trigger: Trigger,
  ): Promise<Payout | undefined> {
    const payout = await this.payouts.find(payoutId);
    if (!payout) return undefined;
    if (payout.status === 'processed') {
      return outcome.status === 'reversed'
        ? this.settle(
            payout,
            'reversed',
            'returned',
            { utr: outcome.utr, message: outcome.reason },
            trigger,
          )
        : payout;
    }
    if (payout.status !== 'processing') return payout;
    return this.apply(payout, outcome, trigger);
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
    if (payout.status !== 'processing') throw new ResolutionRefused('not-processing', payout);
    const sent = payout.sendStartedAt?.getTime();
    if (sent !== undefined && this.clock.now().getTime() - sent < SEND_SETTLE_MS) {
      throw new ResolutionRefused('send-in-flight', payout);
    }
    const heard = await this.ask(payout);
    if (heard.status === 'processed' || heard.status === 'failed' || heard.status === 'reversed') {
      return { payout: await this.apply(payout, heard, trigger), by: 'rail' };
    }
    const facts =
      resolution.status === 'processed' ? { utr: resolution.utr } : { message: resolution.reason };
    const moved = await this.settle(payout, resolution.status, resolution.status, facts, trigger, {
      sendStartedAt: payout.sendStartedAt,
    });
    if (moved.status !== resolution.status) throw new ResolutionRefused('changed', moved);
    return { payout: moved, by: 'hand' };
  }

  private async pursue(payout: Payout, trigger: Trigger): Promise<Payout> {
    let heard: Heard;
    if (payout.sendStartedAt === null) {
      heard = (await this.payouts.claimSend(payout.id, null, this.clock.now()))
        ? await this.send(payout)
        : await this.ask(payout);
    } else {
      heard = await this.ask(payout);
      // The rail has no trace of the earlier send, which is too old to be still on its way: it
      // never arrived, so sending is safe. The compare-and-set lets one caller do it, and the
      // same reference makes even a late twin harmless at the rail.
      const age = this.clock.now().getTime() - payout.sendStartedAt.getTime();
      if (
        heard.status === 'not-found' &&
        age >= this.config.payouts.resendAfterMs &&
        (await this.payouts.claimSend(payout.id, payout.sendStartedAt, this.clock.now()))
      ) {
        heard = await this.send(payout);
      }
    }
    return this.apply(payout, heard, trigger);
  }

  private async apply(payout: Payout, heard: Heard, trigger: Trigger): Promise<Payout> {
    switch (heard.status) {
      case 'processed':
        return this.settle(payout, 'processed', 'processed', { utr: heard.utr }, trigger);
      case 'failed':
        return this.settle(payout, 'failed', 'failed', { message: heard.reason }, trigger);
      case 'reversed':
        return this.settle(
          payout,
          'reversed',
          'reversed',
          { utr: heard.utr, message: heard.reason },
          trigger,
        );
      default: {
        // pending, unknown, or a resend someone else is making: ask again later.
        const next = this.recheckAt(payout);
        await this.payouts.noteStatusCheck(payout.id, this.clock.now(), next);
        if (heard.status === 'unknown') {
          this.logger.warn(`Payout ${payout.id}: the rail's answer is unknown (${heard.reason}).`);
        }
        return (await this.payouts.find(payout.id)) ?? payout;
      }
    }
  }

  private async checkReturn(payout: Payout, trigger: Trigger): Promise<Payout> {
    const heard = await this.ask(payout);
    if (heard.status === 'reversed') {
      return this.settle(payout, 'reversed', 'returned', { message: heard.reason }, trigger);
    }
    await this.payouts.noteStatusCheck(payout.id, this.clock.now(), this.nextReturnCheck(payout));
    return (await this.payouts.find(payout.id)) ?? payout;
  }

  private async send(payout: Payout): Promise<Heard> {
    const transfer: RailTransfer = {
      reference: payout.id,
      accountNumber: payout.accountNumber,
      ifsc: payout.ifsc,
      name: payout.beneficiaryName,
      amount: payout.amount,
      mode: payout.paymentMode,
    };
    try {
      return await this.rail.send(transfer);
    } catch (error) {
      return unknown(error);
    }
  }

  private async ask(payout: Payout): Promise<Heard> {
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
  private async settle(
    payout: Payout,
    to: PayoutStatus,
    transition: Parameters<PayoutLedger['moved']>[2],
    facts: { utr?: string | null; message?: string | null },
    trigger: Trigger,
    guard: { sendStartedAt?: Date | null } = {},
  ): Promise<Payout> {
    const at = this.clock.now();
    const done = await this.payouts.transaction(async (manager) => {
      const moved = await this.payouts.move(manager, payout.id, {
        from: payout.status,
        to,
        at,
        utr: facts.utr,
        message: facts.message,
        nextCheckAt: this.nextCheckAfter(to, at),
        ...guard,
      });
      if (!moved) return undefined;
      const seq = await this.payoutLedger.moved(
        manager,
        moved,
        transition,
        facts,
        metadataOf(trigger),
      );
      return { moved, seq };
    });
    if (!done) return (await this.payouts.find(payout.id)) ?? payout;
    this.events.publish(new LedgerAppendedEvent([done.seq]));
    if (to !== 'processing') {
      this.logger.log(
        `Payout ${payout.id} ${payout.status} → ${to}${facts.message ? `: ${facts.message}` : ''}.`,
      );
    }
    return done.moved;
  }

  /** In flight: the sweep looks again if nothing moves it meanwhile. */
  private nextCheckAfter(status: PayoutStatus, at: Date): Date | null {
    const { staleAfterMs, returnCheckAfterMs } = this.config.payouts;
    if (IN_FLIGHT.includes(status)) return new Date(at.getTime() + staleAfterMs);
    if (status === 'processed') return new Date(at.getTime() + returnCheckAfterMs);
    return null;
  }

  /** The next look at an unsettled payout: later each time, at most every 15 minutes. */
  private recheckAt(payout: Payout): Date {
    const now = this.clock.now().getTime();
    const backoff = Math.min(
      MAX_RECHECK_MS,
      this.config.payouts.staleAfterMs * 2 ** Math.min(payout.statusChecks, 10),
    );
    return new Date(now + Math.max(backoff, 1000));
  }

  /** Late returns are asked about with growing gaps until the return window closes. */
  private nextReturnCheck(payout: Payout): Date | null {
    const now = this.clock.now().getTime();
    const finished = (payout.finishedAt ?? payout.updatedAt).getTime();
    const { returnWindowMs, returnCheckAfterMs } = this.config.payouts;
    if (now - finished >= returnWindowMs) return null;
    const gap = Math.max(returnCheckAfterMs, now - finished, 1000);
    return new Date(Math.min(now + gap, finished + returnWindowMs));
  }
}

function unknown(error: unknown): Heard {
  if (error instanceof RailUnavailableError) return { status: 'unknown', reason: error.message };
  // Anything else from an adapter (a bug, a parse error) is as unknown as a timeout.
  return { status: 'unknown', reason: (error as Error)?.message ?? String(error) };
}

function metadataOf(trigger: Trigger): EventMetadata {
  return { ...trigger };
}
