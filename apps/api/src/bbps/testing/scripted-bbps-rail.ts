import type { EventBus } from '@nestjs/cqrs';
import fc from 'fast-check';
import type { Ledger, LedgerEvent } from '@khata/ledger';
import type { Clock } from '../../common/clock.js';
import type { CommissionsRepository } from '../../commissions/commissions.repository.js';
import type { AppConfig } from '../../config/config.js';
import type { Tx, UnitOfWork } from '../../database/unit-of-work.js';
import { type RailOutcome, RailUnavailableError } from '../../rail/rail-adapter.js';
import type { RailTimings } from '../../rail/rail-machine.js';
import type { Trigger } from '../../rail/rail-processor.js';
import { recordingDb } from '../../rail/testing/recording-db.js';
import type {
  AppendedProjected,
  ProjectedAppends,
} from '../../transactions/projected-appends.repository.js';
import { BbpsLedger } from '../bbps-ledger.js';
import type { BbpsPaymentsRepository } from '../bbps-payments.repository.js';
import { BbpsProcessor } from '../bbps-processor.js';
import { MemoryPayments, queued } from './memory-bbps-payments.js';
import type { BbpsPayRequest, BbpsProvider } from '../bbps-provider.js';
import { BbpsRailStore } from '../bbps-rail-store.js';

/**
 * The harness of the bill payment machine's property test (bbps-machine.property.spec.ts,
 * issue 27): the real BbpsProcessor (the shared RailProcessor) and the real BbpsRailStore and
 * BbpsLedger, on an in-memory `bbps_payments` with the repository's compare-and-sets, against
 * a scripted provider. Callers run at once (the counter, the sweep, an admin's check), their
 * statements and provider calls interleaved by fast-check's scheduler; a transaction holds the
 * row (one lock, as Postgres's row lock would), plain reads do not. Test code: not built into
 * the API (tsconfig excludes `testing/`).
 */

/** The BBPS clock as configured by default (config.ts `bbps`), in milliseconds. */
export const BBPS_TIMINGS: RailTimings = {
  resendAfterMs: 30_000,
  staleAfterMs: 2 * 60_000,
  returnCheckAfterMs: 3_600_000,
  returnWindowMs: 3 * 86_400_000,
  maxRecheckMs: 30 * 60_000,
};

/**
 * What the scripted provider does with one call: answer an outcome, time out (throws), answer
 * something no adapter should (`garbled`: a status nobody knows), fail to parse its own answer
 * (`unreadable`: throws), or (asked) not know the reference.
 */
export type Reply =
  | RailOutcome
  | { status: 'timeout' }
  | { status: 'garbled' }
  | { status: 'unreadable' }
  | { status: 'not-found' };

export const outcome: fc.Arbitrary<RailOutcome> = fc.oneof(
  fc.record({
    status: fc.constant('processed' as const),
    utr: fc.constantFrom('BBPS0000000000000001', 'BBPS0000000000000002'),
    details: fc.constant({ approvalRef: 'AP1', responseCode: '000' }),
  }),
  fc.record({
    status: fc.constant('failed' as const),
    reason: fc.constant('The biller rejected the payment.'),
    details: fc.constant({ approvalRef: null, responseCode: '200' }),
  }),
  fc.constant({ status: 'pending' as const }),
);
/** Answers that settle nothing. */
export const unsettling: fc.Arbitrary<Reply> = fc.constantFrom<Reply>(
  { status: 'pending' },
  { status: 'timeout' },
  { status: 'garbled' },
  { status: 'unreadable' },
);
export const anyReply: fc.Arbitrary<Reply> = fc.oneof(
  { weight: 3, arbitrary: outcome },
  { weight: 3, arbitrary: unsettling },
  { weight: 2, arbitrary: fc.constant<Reply>({ status: 'not-found' }) },
);

export type Caller = 'counter' | 'sweep' | 'admin';

/**
 * One round: callers advance the payment at once, the provider's next replies scripted (a
 * send never answers `not-found`: that is no answer to a send); then time passes, past the
 * resend and stale times at most.
 */
export interface Round {
  callers: Caller[];
  sends: Reply[];
  asks: Reply[];
  laterMs: number;
}

export const round = (replies: fc.Arbitrary<Reply>): fc.Arbitrary<Round> =>
  fc.record({
    callers: fc.array(fc.constantFrom<Caller>('counter', 'sweep', 'admin'), {
      minLength: 1,
      maxLength: 3,
    }),
    sends: fc.array(
      replies.filter((reply) => reply.status !== 'not-found'),
      { maxLength: 2 },
    ),
    asks: fc.array(replies, { maxLength: 4 }),
    laterMs: fc.integer({ min: 0, max: 4 * 60_000 }),
  });

/** What reached the provider, in order, with the clock's time and what it answered. */
export interface ProviderCall {
  call: 'send' | 'ask';
  at: number;
  reply: Reply['status'];
}

/** The provider's side: it answers from the script (pending when the script runs out). */
export class ScriptedBbpsProvider {
  readonly calls: ProviderCall[] = [];
  readonly sent: BbpsPayRequest[] = [];
  sends: Reply[] = [];
  asks: Reply[] = [];

  constructor(
    private readonly point: (label: string) => Promise<void>,
    private readonly now: () => number,
  ) {}

  send = async (request: BbpsPayRequest): Promise<RailOutcome> => {
    await this.point('provider send');
    this.sent.push(request);
    return this.reply('send', this.sends.shift() ?? { status: 'pending' }) as RailOutcome;
  };

  status = async (): Promise<RailOutcome | { status: 'not-found' }> => {
    await this.point('provider status');
    return this.reply('ask', this.asks.shift() ?? { status: 'pending' });
  };

  private reply(call: 'send' | 'ask', reply: Reply): RailOutcome | { status: 'not-found' } {
    this.calls.push({ call, at: this.now(), reply: reply.status });
    if (reply.status === 'timeout') throw new RailUnavailableError('Timed out.');
    if (reply.status === 'unreadable') throw new SyntaxError('Unexpected token < in JSON');
    return reply as RailOutcome;
  }
}

const TRIGGERS: Record<Caller, Trigger> = {
  counter: { by: 'counter', userId: 'shop-1', requestId: null },
  sweep: { by: 'sweep' },
  admin: { by: 'admin', adminId: 'admin-1', requestId: null },
};

/**
 * One payment from the counter's request through the rounds, its callers interleaved by
 * `scheduler`: answers the row, the provider's calls and the ledger events the store appended.
 */
export async function serve(scheduler: fc.Scheduler, rounds: Round[]) {
  let now = 1_000_000;
  const clock = { now: () => new Date(now) } as Clock;
  const point = (label: string) => scheduler.schedule(Promise.resolve(), label).then(() => {});
  const provider = new ScriptedBbpsProvider(point, () => now);
  const payments = new MemoryPayments(queued(clock.now()), point);
  const events: LedgerEvent[] = [];
  const tx = recordingDb().db as unknown as Tx;
  const accounts = {
    userAccount: async (userId: string, kind: string) => `${userId}:${kind}`,
    systemAccount: async (name: string) => name,
  };
  const appends = {
    within: () => ({
      append: async (event: LedgerEvent): Promise<AppendedProjected> => {
        await point('append');
        events.push(event);
        return { seq: String(events.length), replayed: false };
      },
    }),
  };
  const ledger = new BbpsLedger(
    { within: () => accounts } as unknown as Ledger,
    {} as CommissionsRepository,
    payments as unknown as BbpsPaymentsRepository,
    appends as unknown as ProjectedAppends,
  );
  const uow = { run: <T>(work: (tx: Tx) => Promise<T>) => payments.lock.hold(() => work(tx)) };
  const store = new BbpsRailStore(
    payments as unknown as BbpsPaymentsRepository,
    uow as unknown as UnitOfWork,
    ledger,
    { publish: () => undefined } as unknown as EventBus,
  );
  const processor = new BbpsProcessor(store, provider as unknown as BbpsProvider, clock, {
    bbps: BBPS_TIMINGS,
  } as unknown as AppConfig);
  for (const { callers, sends, asks, laterMs } of rounds) {
    provider.sends = [...sends];
    provider.asks = [...asks];
    const running = callers.map((caller) =>
      processor.advance(queued(clock.now()).id, TRIGGERS[caller]),
    );
    await scheduler.waitFor(Promise.all(running));
    now += laterMs;
  }
  return { payment: payments.current(), payments, provider, events };
}
