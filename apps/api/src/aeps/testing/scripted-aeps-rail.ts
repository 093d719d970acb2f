import { expect } from '@jest/globals';
import fc from 'fast-check';
import type { AepsKind } from '@khata/domain';
import type { Ledger, LedgerEvent } from '@khata/ledger';
import type { Clock } from '../../common/clock.js';
import type { CommissionsRepository } from '../../commissions/commissions.repository.js';
import type { AppConfig } from '../../config/config.js';
import type { Tx } from '../../database/unit-of-work.js';
import { type RailOutcome, RailUnavailableError } from '../../rail/rail-adapter.js';
import type { RailMove, RailTimings } from '../../rail/rail-machine.js';
import type { RailStore, Trigger } from '../../rail/rail-processor.js';
import { recordingDb } from '../../rail/testing/recording-db.js';
import type {
  AppendedProjected,
  ProjectedAppends,
} from '../../transactions/projected-appends.repository.js';
import { AepsLedger } from '../aeps-ledger.js';
import { AEPS_NOT_SENT, AepsProcessor } from '../aeps-processor.js';
import type { AepsProvider, AepsRequest } from '../aeps-provider.js';
import type { AepsRailStore } from '../aeps-rail-store.js';
import type { AepsStatus, AepsTransaction } from '../aeps-transaction.js';
import type { AepsTransactionsRepository } from '../aeps-transactions.repository.js';
import { PidVault } from '../pid-vault.js';

/**
 * The harness of the AEPS processor's property test (aeps-machine.property.spec.ts, issue 26):
 * the real AepsProcessor and PidVault, on an in-memory store with the repository's
 * compare-and-sets whose moves go through the real AepsLedger (on the rails' recording Tx),
 * against a scripted provider (answers, timeouts, "not found") and process deaths that take the
 * vault's memory with them. Test code: not built into the API (tsconfig excludes `testing/`).
 */

/** The AEPS clock as configured by default (config.ts `aeps`), in milliseconds. */
export const AEPS_TIMINGS: RailTimings = {
  resendAfterMs: 30_000,
  staleAfterMs: 2 * 60_000,
  returnCheckAfterMs: 3_600_000,
  returnWindowMs: 3 * 86_400_000,
  maxRecheckMs: 30 * 60_000,
};

/** What the scripted provider does with one call: answer, time out, or (asked) not know it. */
export type Reply = RailOutcome | { status: 'timeout' } | { status: 'not-found' };

export const outcome: fc.Arbitrary<RailOutcome> = fc.oneof(
  fc.record({ status: fc.constant('processed' as const), utr: fc.constantFrom('R1', 'R2') }),
  fc.record({ status: fc.constant('failed' as const), reason: fc.constant('Insufficient funds.') }),
  fc.constant({ status: 'pending' as const }),
);
export const timeout = fc.constant({ status: 'timeout' as const });
export const notFound = fc.constant({ status: 'not-found' as const });

/**
 * A caller moves the transaction on (the shop's request first, then the sweep or an admin's
 * check) with the provider's next replies scripted; or the process dies, and the PidVault's
 * memory with it. Then time passes, past the stale and resend times at most.
 */
export type Happening =
  | { kind: 'call'; send: Reply; asks: Reply[]; laterMs: number }
  | { kind: 'crash'; laterMs: number };

export const happening = (replies: fc.Arbitrary<Reply>, crashes = true): fc.Arbitrary<Happening> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('call' as const),
        send: replies.filter((reply) => reply.status !== 'not-found'),
        asks: fc.array(replies, { minLength: 2, maxLength: 2 }),
        laterMs: fc.integer({ min: 0, max: 10 * 60_000 }),
      }),
    },
    {
      weight: crashes ? 1 : 0,
      arbitrary: fc.record({
        kind: fc.constant('crash' as const),
        laterMs: fc.integer({ min: 0, max: 60_000 }),
      }),
    },
  );
export const anyReply: fc.Arbitrary<Reply> = fc.oneof(outcome, timeout, notFound);

export const SECRET = {
  aadhaar: '234567890124',
  pid: '<PidData><Data type="X">M</Data></PidData>',
};

/** The provider's side: what reached it, and its next replies. */
export class ScriptedAepsProvider {
  readonly sent: AepsRequest[] = [];
  /** The last reply it gave, for the "who failed it" property. */
  last: Reply['status'] | 'none' = 'none';
  sends: Reply[] = [];
  asks: Reply[] = [];

  send = async (request: AepsRequest): Promise<RailOutcome> => {
    this.sent.push(request);
    return this.reply(this.sends.shift() ?? { status: 'pending' }) as RailOutcome;
  };

  status = async (): Promise<RailOutcome | { status: 'not-found' }> =>
    this.reply(this.asks.shift() ?? { status: 'pending' });

  private reply(reply: Reply): RailOutcome | { status: 'not-found' } {
    this.last = reply.status;
    if (reply.status === 'timeout') throw new RailUnavailableError('Timed out.');
    return reply;
  }
}

/**
 * The row as `aeps_transactions` keeps it, with the repository's compare-and-sets; each move
 * goes through the real AepsLedger (on a recording Tx), whose events it keeps.
 */
export class MemoryStore implements RailStore<AepsTransaction> {
  /** Every status the row took, in order. */
  readonly statuses: AepsStatus[];
  readonly events: LedgerEvent[] = [];
  private readonly ledger: AepsLedger;
  private readonly tx = recordingDb().db as unknown as Tx;

  constructor(private row: AepsTransaction) {
    this.statuses = [row.status];
    const accounts = {
      userAccount: async (userId: string, kind: string) => `${userId}:${kind}`,
      systemAccount: async (name: string) => name,
    };
    const appends = {
      within: () => ({
        append: async (event: LedgerEvent): Promise<AppendedProjected> => {
          this.events.push(event);
          return { seq: String(this.events.length), replayed: false };
        },
      }),
    };
    this.ledger = new AepsLedger(
      { within: () => accounts } as unknown as Ledger,
      { ratesInForce: async () => ({}) } as unknown as CommissionsRepository,
      {} as AepsTransactionsRepository,
      appends as unknown as ProjectedAppends,
    );
  }

  async find(): Promise<AepsTransaction> {
    return { ...this.row };
  }

  async start(_id: string, at: Date, nextCheckAt: Date | null) {
    if (this.row.status !== 'queued') return undefined;
    this.row = { ...this.row, status: 'processing', sendStartedAt: at, sends: 1, nextCheckAt };
    this.statuses.push('processing');
    return this.find();
  }

  async claimSend(_id: string, previous: Date | null, at: Date): Promise<boolean> {
    const { status, sendStartedAt, sends } = this.row;
    if (status !== 'processing' || sendStartedAt?.getTime() !== previous?.getTime()) return false;
    this.row = { ...this.row, sendStartedAt: at, sends: sends + 1 };
    return true;
  }

  async noteCheck(_txn: AepsTransaction, at: Date, nextCheckAt: Date | null): Promise<void> {
    const statusChecks = this.row.statusChecks + 1;
    this.row = { ...this.row, statusChecks, lastCheckedAt: at, nextCheckAt };
  }

  async commitMove(_txn: AepsTransaction, move: RailMove, at: Date, trigger: Trigger) {
    if (this.row.status !== move.from) return undefined;
    this.row = {
      ...this.row,
      status: move.to as AepsStatus,
      rrn: move.facts.utr ?? this.row.rrn,
      message: move.facts.message ?? this.row.message,
      nextCheckAt: move.nextCheckAt,
      finishedAt: at,
      updatedAt: at,
    };
    this.statuses.push(this.row.status);
    await this.ledger.moved(this.tx, this.row, move.transition, { ...trigger });
    return this.find();
  }
}

/** A queued transaction, as the counter wrote it just before the send. */
export function queued(kind: AepsKind, amount: number, at: Date): AepsTransaction {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    userId: 'shop-1',
    kind,
    businessDay: '2026-11-28',
    customerToken: 't'.repeat(64),
    aadhaarLast4: SECRET.aadhaar.slice(-4),
    bankIin: '607094',
    mobile: '9876543210',
    amount,
    status: 'queued',
    rrn: null,
    message: null,
    customerBalance: null,
    statement: null,
    bankDebited: false,
    agentAuthReference: kind === 'withdrawal' || kind === 'aadhaarPay' ? 'AUTH-1' : null,
    commission: null,
    commissionSplit: null,
    merchantFee: 0,
    idempotencyKey: 'k',
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

/**
 * Why a transaction failed: the provider said so (its last reply was a failure), or a send found
 * no fingerprint (the provider's last reply was "not found", or it never heard of it at all).
 * Never a timeout or pending: checked as each call ends.
 */
export function failureCause(txn: AepsTransaction, provider: ScriptedAepsProvider) {
  if (provider.last === 'failed') return 'provider';
  expect(txn.message).toBe(AEPS_NOT_SENT);
  expect(['not-found', 'none']).toContain(provider.last);
  return 'no-secret';
}

/** One transaction from the counter's put to wherever the happenings leave it. */
export async function serve(kind: AepsKind, amount: number, happenings: Happening[]) {
  let now = 1_000_000;
  const clock = { now: () => new Date(now) } as Clock;
  const provider = new ScriptedAepsProvider();
  const txn = queued(kind, amount, clock.now());
  const store = new MemoryStore(txn);
  const config = { aeps: AEPS_TIMINGS } as unknown as AppConfig;
  const processIn = (vault: PidVault) =>
    new AepsProcessor(
      store as unknown as AepsRailStore,
      provider as unknown as AepsProvider,
      vault,
      clock,
      config,
    );
  // The counter puts the secret in its process's vault; its call is the first one.
  let vault = new PidVault();
  vault.put(txn.id, { ...SECRET });
  let processor = processIn(vault);
  let failedBy: 'provider' | 'no-secret' | undefined;
  for (const happening of happenings) {
    if (happening.kind === 'crash') {
      vault = new PidVault();
      processor = processIn(vault);
    } else {
      provider.sends = [happening.send];
      provider.asks = [...happening.asks];
      const after = await processor.advance(txn.id, { by: 'sweep' });
      if (after?.status === 'failed' && !failedBy) failedBy = failureCause(after, provider);
    }
    now += happening.laterMs;
  }
  return { txn: await store.find(), provider, store, failedBy };
}
