import { expect } from '@jest/globals';
import fc from 'fast-check';
import type { RailOutcome } from '../rail-adapter.js';
import type {
  Heard,
  NextStep,
  RailAnswer,
  RailTimings,
  RailTransition,
  RailTransitions,
  RailView,
} from '../rail-machine.js';

/**
 * The harness of a rail machine's model property test (the payout's, made the rails' when DMT
 * copied it): a scripted provider (random answers to sends and enquiries, pushed outcomes,
 * passing time) drives a product's machine (`railMachine(...)`) against a model of the
 * provider's sends, checking the rail's guarantees on every step: sent once at the start, sent
 * again only after a `not-found` about an old enough send, only legal moves, settled within a
 * few steps. The product's spec adds its money (`book`, called with every move's transition)
 * and its own properties. Test code: not built into the API (tsconfig excludes `testing/`).
 */

/** What the provider may say it did. */
export const railOutcome: fc.Arbitrary<RailOutcome> = fc.oneof(
  fc.record({ status: fc.constant('processed' as const), utr: fc.constantFrom('U1', 'U2') }),
  fc.record({ status: fc.constant('failed' as const), reason: fc.constant('closed') }),
  fc.record({ status: fc.constant('reversed' as const), reason: fc.constant('returned') }),
  fc.record({ status: fc.constant('pending' as const) }),
);
/** A timeout, or an answer nobody could read: the outcome is unknown. */
const unknown = fc.constantFrom(
  { status: 'unknown' as const, reason: 'timeout' },
  { status: 'unknown' as const, reason: 'unreadable answer' },
);
/** What an enquiry may answer: anything, including that the provider never saw the send. */
const askAnswer: fc.Arbitrary<RailAnswer> = fc.oneof(
  railOutcome,
  unknown,
  fc.constant({ status: 'not-found' as const }),
);
/** What a send may answer: an outcome, or nothing known. */
const sendAnswer: fc.Arbitrary<RailAnswer> = fc.oneof(railOutcome, unknown);

/**
 * What happens to a transaction: a caller (a job, the sweep) runs the machine with the
 * provider's next answers scripted, or the provider pushes an outcome (a webhook); then time
 * passes.
 */
export type RailHappening =
  | {
      kind: 'run';
      checkReturn: boolean;
      asks: RailAnswer[];
      sends: RailAnswer[];
      laterMs: number;
    }
  | { kind: 'push'; outcome: RailOutcome; laterMs: number };

/** A product's own happening (a customer's refund, say), played by its spec. */
export interface ProductHappening {
  kind: string;
  laterMs: number;
}

/**
 * Random happenings, each followed by up to `maxLaterMs` (pick it past the product's
 * `staleAfterMs`, so the sweep's enquiries and resends come up). `also`: a product's own
 * happenings, drawn as often as each of the rail's two.
 */
export function railHappenings<H extends ProductHappening = never>(
  maxLaterMs: number,
  ...also: fc.Arbitrary<H>[]
): fc.Arbitrary<RailHappening | H> {
  return fc.oneof<fc.Arbitrary<RailHappening | H>[]>(
    fc.record({
      kind: fc.constant('run' as const),
      checkReturn: fc.boolean(),
      asks: fc.array(askAnswer, { minLength: 2, maxLength: 2 }),
      sends: fc.array(sendAnswer, { minLength: 1, maxLength: 1 }),
      laterMs: fc.integer({ min: 0, max: maxLaterMs }),
    }),
    fc.record({
      kind: fc.constant('push' as const),
      outcome: railOutcome,
      laterMs: fc.constant(0),
    }),
    ...also,
  );
}

/** The provider's side of the model; a product's model adds its money. */
export interface RailModel {
  view: RailView;
  /** Milliseconds. */
  now: number;
  /** When each send went, oldest first. */
  sends: number[];
  notFoundSinceLastSend: boolean;
}

/** A transaction just requested (queued, never sent). */
function requestedRailModel(): RailModel {
  return {
    view: {
      status: 'queued',
      sendStartedAt: null,
      statusChecks: 0,
      finishedAt: null,
      updatedAt: new Date(0),
    },
    now: 1_000_000,
    sends: [],
    notFoundSinceLastSend: false,
  };
}

/** The product under test: its machine, its legal moves, its clock and its money. */
export interface RailSubject<M extends RailModel> {
  nextStep(
    txn: RailView,
    heard: Heard | undefined,
    now: Date,
    timings: RailTimings,
    options: { checkReturn?: boolean },
  ): NextStep;
  transitions: RailTransitions;
  timings: RailTimings;
  /** The ledger side of a move (the start's `processing` too): checks, then moves the money. */
  book(model: M, transition: RailTransition): void;
}

export class ScriptedProvider<M extends RailModel> {
  constructor(private readonly subject: RailSubject<M>) {}

  /** A transaction just requested (queued, never sent), its money as the product starts it. */
  requested(money: Omit<M, keyof RailModel>): M {
    return { ...requestedRailModel(), ...money } as M;
  }

  /** Plays the happenings in order on `model`; a product's own ones go to `other`. */
  play<H extends ProductHappening = never>(
    model: M,
    happenings: readonly (RailHappening | H)[],
    other?: (model: M, happening: H) => void,
  ): M {
    for (const happening of happenings) {
      if (isRailHappening(happening)) this.happen(model, happening);
      else if (other) other(model, happening as H);
      else throw new Error(`No player for a '${happening.kind}' happening.`);
      model.now += happening.laterMs;
    }
    return model;
  }

  private happen(model: M, happening: RailHappening): void {
    if (happening.kind === 'push') {
      this.follow(model, { via: 'push', answer: happening.outcome }, false, [], []);
    } else {
      const { checkReturn, asks, sends } = happening;
      this.follow(model, undefined, checkReturn, [...asks], [...sends]);
    }
  }

  /** One caller (a job, the sweep, a webhook) following the machine until it settles. */
  private follow(
    model: M,
    first: Heard | undefined,
    checkReturn: boolean,
    asks: RailAnswer[],
    sends: RailAnswer[],
  ): void {
    const { nextStep, transitions, timings, book } = this.subject;
    let heard = first;
    for (let steps = 0; ; steps++) {
      expect(steps).toBeLessThan(6);
      const now = new Date(model.now);
      const step = nextStep(model.view, heard, now, timings, { checkReturn });
      if (step.do === 'stop') return;
      if (step.do === 'recheck') {
        model.view = { ...model.view, statusChecks: model.view.statusChecks + 1 };
        return;
      }
      if (step.do === 'ask') {
        const answer = asks.shift() ?? { status: 'pending' };
        if (answer.status === 'not-found') model.notFoundSinceLastSend = true;
        heard = { via: 'ask', answer };
        continue;
      }
      if (step.do === 'start') {
        // The move to processing and the first send's claim are one compare-and-set.
        expect(model.view.status).toBe('queued');
        expect(model.sends).toEqual([]);
        expect(step.move).toMatchObject({ from: 'queued', to: 'processing' });
        book(model, step.move.transition);
        model.sends.push(model.now);
        model.view = { ...model.view, status: 'processing', sendStartedAt: now, updatedAt: now };
        heard = { via: 'send', answer: sends.shift() ?? { status: 'pending' } };
        continue;
      }
      if (step.do === 'send') {
        const last = model.sends.at(-1);
        if (last !== undefined) {
          // Sent again: only after the provider said it never saw the last send, old enough.
          expect(model.notFoundSinceLastSend).toBe(true);
          expect(model.now - last).toBeGreaterThanOrEqual(timings.resendAfterMs);
        }
        expect(model.view.status).toBe('processing');
        model.sends.push(model.now);
        model.notFoundSinceLastSend = false;
        model.view = { ...model.view, sendStartedAt: now };
        heard = { via: 'send', answer: sends.shift() ?? { status: 'pending' } };
        continue;
      }
      const { move } = step;
      expect(move.from).toBe(model.view.status);
      // A terminal state lists no transition, so this also holds that none is ever left.
      expect(transitions[move.from]).toContain(move.to);
      book(model, move.transition);
      model.view = {
        ...model.view,
        status: move.to,
        finishedAt: model.view.finishedAt ?? now,
        updatedAt: now,
      };
      if (heard) return;
    }
  }
}

function isRailHappening(happening: { kind: string }): happening is RailHappening {
  return happening.kind === 'run' || happening.kind === 'push';
}
