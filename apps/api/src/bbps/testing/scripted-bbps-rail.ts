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
import type { BbpsPayment } from '../bbps-payment.js';
import type { BbpsPaymentsRepository, BbpsRowChange } from '../bbps-payments.repository.js';
import { BbpsProcessor } from '../bbps-processor.js';
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

/** One lock, taken in turn: the row lock a transaction (or an UPDATE) holds until it ends. */
class RowLock {
  private tail: Promise<void> = Promise.resolve();

  async hold<T>(work: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((done) => (release = done));
    await before;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/**
 * `bbps_payments` in memory with BbpsPaymentsRepository's statements, each one atomic after a
 * scheduling point; every status the row took is kept in order.
 */
export class MemoryPayments {
  readonly statuses: BbpsPayment['status'][];
  readonly lock = new RowLock();
  readonly rail = {
    claimSend: (_id: string, previous: Date | null, at: Date) =>
      this.lock.hold(async () => {
        await this.point('claimSend');
        const { status, sendStartedAt, sends } = this.row;
        if (status !== 'processing' || sendStartedAt?.getTime() !== previous?.getTime()) {
          return false;
        }
        this.row = { ...this.row, sendStartedAt: at, sends: sends + 1, updatedAt: at };
        return true;
      }),
  };

  constructor(
    private row: BbpsPayment,
    private readonly point: (label: string) => Promise<void>,
  ) {
    this.statuses = [row.status];
  }

  async find(): Promise<BbpsPayment> {
    await this.point('find');
    return this.current();
  }

  /** The row now, outside any caller's run. */
  current(): BbpsPayment {
    return { ...this.row };
  }

  start(_id: string, at: Date, nextCheckAt: Date | null): Promise<boolean> {
    return this.lock.hold(async () => {
      await this.point('start');
      if (this.row.status !== 'queued') return false;
      this.row = {
        ...this.row,
        status: 'processing',
        sendStartedAt: at,
        sends: this.row.sends + 1,
        updatedAt: at,
        nextCheckAt,
      };
      this.statuses.push('processing');
      return true;
    });
  }

  async move(_tx: Tx, _id: string, change: BbpsRowChange): Promise<BbpsPayment | undefined> {
    await this.point('move');
    const row = this.row;
    if (row.status !== change.from) return undefined;
    if (
      change.sendStartedAt !== undefined &&
      row.sendStartedAt?.getTime() !== change.sendStartedAt?.getTime()
    ) {
      return undefined;
    }
    const terminal = change.to === 'processed' || change.to === 'failed';
    this.row = {
      ...row,
      status: change.to,
      updatedAt: change.at,
      bbpsReference: change.bbpsReference ?? row.bbpsReference,
      approvalRef: change.approvalRef ?? row.approvalRef,
      message: change.message ?? row.message,
      finishedAt: terminal ? (row.finishedAt ?? change.at) : row.finishedAt,
      nextCheckAt: change.nextCheckAt ?? null,
      processingRecorded: row.processingRecorded || change.to === 'processing',
    };
    this.statuses.push(change.to);
    return { ...this.row };
  }

  async noteStatusCheck(_tx: Tx, _id: string, at: Date, nextCheckAt: Date | null) {
    await this.point('noteStatusCheck');
    const before = { ...this.row };
    this.row = {
      ...this.row,
      statusChecks: this.row.statusChecks + 1,
      lastCheckedAt: at,
      nextCheckAt,
      processingRecorded: this.row.processingRecorded || this.row.status === 'processing',
    };
    return before;
  }

  async recordSplit(): Promise<void> {}
}

/** A queued payment, as the counter wrote it (its hold placed) just before its first advance. */
export function queued(at: Date): BbpsPayment {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    userId: 'shop-1',
    billerId: 'DHBVN0000HAR01',
    categoryCode: 'electricity',
    params: { 'Account Number': '1234567800', 'Mobile Number': '9812345678' },
    customerMobile: '9812345678',
    fetchId: null,
    fetchRef: 'F1',
    customerName: 'Asha Devi',
    billNumber: 'B1',
    billDate: null,
    dueDate: null,
    billPeriod: null,
    billKey: 'k',
    amount: 1_234_56,
    ccf: 5_00,
    refId: 'R'.repeat(35),
    agent: {
      terminalId: 'T1',
      mobile: '9812345678',
      geocode: '28.4595,77.0266',
      postalCode: '122001',
    },
    accountId: 'shop-1:wallet',
    holdId: 'hold-1',
    status: 'queued',
    bbpsReference: null,
    approvalRef: null,
    message: null,
    commission: null,
    commissionSplit: null,
    idempotencyKey: 'i',
    requestHash: 'h',
    sendStartedAt: null,
    sends: 0,
    processingRecorded: false,
    statusChecks: 0,
    lastCheckedAt: null,
    nextCheckAt: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
  };
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
