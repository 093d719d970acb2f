import type { Logger } from '@nestjs/common';
import type { RailAdapter, RailOutcome } from './rail-adapter.js';
import {
  type HandResolution,
  type Heard,
  isFinal,
  type RailAnswer,
  type RailMachine,
  type RailMove,
  type RailTimings,
  type RailView,
  handResolutionRefusal,
} from './rail-machine.js';

/** Who moved a transaction on, kept on each ledger event's metadata. */
export type Trigger =
  | { by: 'worker'; jobId: string; attempt: number }
  | { by: 'sweep' }
  | { by: 'admin'; adminId: string; requestId: string | null }
  | { by: 'webhook'; eventId: string }
  /** The shop's own request, answered at the counter (AEPS: the customer waits for the bank). */
  | { by: 'counter'; userId: string; requestId: string | null };

/** A rail transaction as its product's table keeps it: at least what the machine reads. */
export interface RailTransaction extends RailView {
  id: string;
}

/** Why a manual resolution was not applied. */
export class RailResolutionRefused<T extends RailTransaction> extends Error {
  override readonly name: string = 'ResolutionRefused';

  constructor(
    readonly reason: 'not-processing' | 'send-in-flight' | 'changed',
    readonly txn: T,
  ) {
    super(reason);
  }
}

/**
 * Where a product keeps its transactions: every status change a compare-and-set on the status,
 * the right to send a compare-and-set on the last send, each move with its ledger event in one
 * database transaction, announced once that committed.
 */
export interface RailStore<T extends RailTransaction> {
  find(id: string): Promise<T | undefined>;
  /** queued → processing with the first send claimed, in one statement; undefined if not queued. */
  start(id: string, sendStartedAt: Date, nextCheckAt: Date | null): Promise<T | undefined>;
  /** The right to send again: only if the last send is still `previous`. */
  claimSend(id: string, previous: Date | null, at: Date): Promise<boolean>;
  /** An enquiry that settled nothing, and the next look at `nextCheckAt`. */
  noteCheck(txn: T, at: Date, nextCheckAt: Date | null, trigger: Trigger): Promise<void>;
  /** The move and its ledger event; undefined when someone else moved the row first. */
  commitMove(txn: T, move: RailMove, at: Date, trigger: Trigger): Promise<T | undefined>;
}

/** What a product plugs into the processor. */
export interface RailProcessorParts<T extends RailTransaction, R extends { reference: string }> {
  noun: string;
  machine: RailMachine;
  store: RailStore<T>;
  adapter: RailAdapter<R>;
  /** The adapter's request for a transaction (its reference is the transaction id). */
  requestOf(txn: T): R;
  timings(): RailTimings;
  now(): Date;
  logger: Logger;
}

/**
 * Runs a product's rail machine against its provider adapter and its store: it loads, asks or
 * sends, and commits what the machine decides. Safe to run for one transaction in several
 * places at once (a retried job, the sweep, an admin's status check, a webhook): every status
 * change is a compare-and-set on the status and the right to send a compare-and-set on the last
 * send, so two callers never both move a transaction or both send it.
 */
export class RailProcessor<T extends RailTransaction, R extends { reference: string }> {
  constructor(private readonly parts: RailProcessorParts<T, R>) {}

  /**
   * Moves the transaction as far as the provider allows now and answers where it stands. A
   * success is asked about a late return only when `checkReturn` is set.
   */
  async advance(
    id: string,
    trigger: Trigger,
    { checkReturn = false }: { checkReturn?: boolean } = {},
  ): Promise<T | undefined> {
    // The common run, a queued transaction's first, starts it without reading it first: the
    // start's compare-and-set on `queued` is the machine's own step for a queued one.
    const started = await this.start(id);
    if (started) return this.pursue(started, await this.sendFirst(started), trigger);
    const txn = await this.parts.store.find(id);
    return txn && this.pursue(txn, undefined, trigger, checkReturn);
  }

  /** Applies an outcome the provider pushed (a webhook), exactly like one it answered. */
  async applyRailOutcome(
    id: string,
    outcome: RailOutcome,
    trigger: Trigger,
  ): Promise<T | undefined> {
    const txn = await this.parts.store.find(id);
    return txn && this.pursue(txn, { via: 'push', answer: outcome }, trigger);
  }

  /**
   * An admin settles a transaction the provider gives no final answer for. The provider is
   * asked first and its answer wins; the manual answer applies only if no send was claimed
   * meanwhile, and never while a send may still be on its way.
   */
  async resolve(
    id: string,
    resolution: HandResolution,
    trigger: Trigger,
  ): Promise<{ txn: T; by: 'rail' | 'hand' } | undefined> {
    const { store, machine } = this.parts;
    const txn = await store.find(id);
    if (!txn) return undefined;
    const refusal = handResolutionRefusal(txn, this.parts.now());
    if (refusal) throw new RailResolutionRefused(refusal, txn);
    const answer = await this.ask(txn);
    if (isFinal(answer)) {
      return { txn: await this.pursue(txn, { via: 'ask', answer }, trigger), by: 'rail' };
    }
    const move = machine.handMove(txn, resolution, this.parts.now(), this.parts.timings());
    // Of several admins resolving at once, one moves it; the others hear that it changed, so
    // each act is answered (and audited) as what it did, even when the outcome is the same.
    const moved = await this.tryMove(txn, move, trigger);
    if (!moved) throw new RailResolutionRefused('changed', (await store.find(id)) ?? txn);
    return { txn: moved, by: 'hand' };
  }

  /**
   * Does what the machine says until it settles: at most one start (or one send or resend)
   * and the enquiry around it, then the move or the next look it decides.
   */
  private async pursue(
    first: T,
    firstHeard: Heard | undefined,
    trigger: Trigger,
    checkReturn = false,
  ): Promise<T> {
    const { store, machine } = this.parts;
    let txn = first;
    let heard = firstHeard;
    for (;;) {
      const step = machine.nextStep(txn, heard, this.parts.now(), this.parts.timings(), {
        checkReturn,
      });
      switch (step.do) {
        case 'stop':
          return txn;
        case 'start': {
          const started = await this.start(txn.id, step.move);
          if (started) {
            txn = started;
            heard = await this.sendFirst(started);
          } else {
            // Someone else started it (and sends it): see where it stands now.
            const now = await store.find(txn.id);
            if (!now || now.status === 'queued') return now ?? txn;
            txn = now;
          }
          break;
        }
        case 'move':
          // A move follows an answer; it ends the run.
          return this.commitMove(txn, step.move, trigger);
        case 'send':
          heard = (await store.claimSend(txn.id, txn.sendStartedAt, this.parts.now()))
            ? { via: 'send', answer: await this.send(txn) }
            : { via: 'claim-lost', earlier: heard?.via === 'ask' ? heard.answer : undefined };
          break;
        case 'ask':
          heard = { via: 'ask', answer: await this.ask(txn) };
          break;
        case 'recheck':
          await store.noteCheck(txn, this.parts.now(), step.at, trigger);
          if (step.unknownBecause) {
            this.parts.logger.warn(
              `${capitalised(this.parts.noun)} ${txn.id}: the rail's answer is unknown (${step.unknownBecause}).`,
            );
          }
          return (await store.find(txn.id)) ?? txn;
      }
    }
  }

  /** Starts a queued transaction: processing with its first send claimed, one statement. */
  private start(id: string, move?: RailMove): Promise<T | undefined> {
    const { machine, store } = this.parts;
    const start = move ?? machine.startMove(this.parts.now(), this.parts.timings());
    return store.start(id, start.sendStartedAt ?? this.parts.now(), start.nextCheckAt);
  }

  private async sendFirst(started: T): Promise<Heard> {
    return { via: 'send', answer: await this.send(started) };
  }

  private async send(txn: T): Promise<RailAnswer> {
    try {
      return await this.parts.adapter.send(this.parts.requestOf(txn));
    } catch (error) {
      return unknown(error);
    }
  }

  private async ask(txn: T): Promise<RailAnswer> {
    try {
      return await this.parts.adapter.status(txn.id);
    } catch (error) {
      return unknown(error);
    }
  }

  /** One state change; answers the transaction as it now stands, whoever moved it. */
  private async commitMove(txn: T, move: RailMove, trigger: Trigger): Promise<T> {
    const moved = await this.tryMove(txn, move, trigger);
    return moved ?? (await this.parts.store.find(txn.id)) ?? txn;
  }

  /** The move if this caller made it; undefined when someone else moved the row first. */
  private async tryMove(txn: T, move: RailMove, trigger: Trigger): Promise<T | undefined> {
    const moved = await this.parts.store.commitMove(txn, move, this.parts.now(), trigger);
    if (!moved) return undefined;
    const why = move.facts.message ? `: ${move.facts.message}` : '';
    this.parts.logger.log(
      `${capitalised(this.parts.noun)} ${txn.id} ${move.from} → ${move.to}${why}.`,
    );
    return moved;
  }
}

/** Anything an adapter throws (a timeout, a 5xx, a bug, a parse error) leaves the outcome unknown. */
function unknown(error: unknown): RailAnswer {
  return { status: 'unknown', reason: (error as Error)?.message ?? String(error) };
}

function capitalised(noun: string): string {
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}
