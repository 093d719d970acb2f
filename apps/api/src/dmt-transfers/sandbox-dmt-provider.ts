import { setTimeout as sleep } from 'node:timers/promises';
import { Clock } from '../common/clock.js';
import { type RailOutcome, RailUnavailableError } from '../rail/rail-adapter.js';
import {
  SANDBOX_MESSAGES,
  SANDBOX_PENDING_CHECKS,
  type SandboxBehaviour,
  sandboxBehaviour,
} from '../rail/sandbox-rules.js';
import {
  type DmtProviderAnswer,
  DmtProvider,
  type DmtTransferRequest,
  outcomeOfDmtAnswer,
  sendOutcomeOf,
} from './dmt-provider.js';
import type { DmtSandboxBook, DmtSandboxEntry } from './sandbox-dmt-book.js';

/**
 * The sandbox DMT provider's documented rules: the last three digits of the beneficiary's
 * account number decide, so tests and demos get every outcome on purpose. Endings 000–008 are
 * the bank rail's (rail/sandbox-rules.ts), read the same way; 009 and 010 are DMT's own. Any
 * other ending succeeds at once. A reference sent again is answered with the original
 * transfer, never made twice.
 *
 * | ending | send answers | status enquiry answers |
 * |--------|--------------|------------------------|
 * | any other | TXN: success, with a UTR | success |
 * | 000 | FAB: no account | failed |
 * | 001 | FAB: account closed | failed |
 * | 002 | TXN: success | TRP (returned) once the return delay (60 s by default) passed |
 * | 003 | times out, the provider took it | success |
 * | 004 | TUP: pending | pending for 2 enquiries, then success |
 * | 005 | 502 before the provider took it | TNF: not found (the next send succeeds) |
 * | 006 | times out, the provider took it | failed (refused by the beneficiary bank) |
 * | 007 | provider down: every call 503 | 503 (stays pending until an admin resolves it by hand) |
 * | 008 | times out; paid, then returned | TRP (returned) |
 * | 009 | TUP: pending | pending for 2 enquiries, then failed |
 * | 010 | garbage (an HTML error page), the provider took it | success |
 *
 * Amounts play no part: the limits are Khata's to hold before anything is sent.
 */
export type DmtSandboxBehaviour = SandboxBehaviour | 'pending-then-failed' | 'garbage-then-paid';

const DMT_ENDINGS: Record<string, DmtSandboxBehaviour> = {
  '009': 'pending-then-failed',
  '010': 'garbage-then-paid',
};

export function dmtSandboxBehaviour(accountNumber: string): DmtSandboxBehaviour {
  return DMT_ENDINGS[accountNumber.slice(-3)] ?? sandboxBehaviour(accountNumber);
}

/** What the garbled ending answers to a send: a proxy's error page, not the provider's JSON. */
export const SANDBOX_GARBAGE = '<html><body><h1>502 Bad Gateway</h1></body></html>';

const TIMES_OUT: readonly DmtSandboxBehaviour[] = [
  'timeout-then-paid',
  'timeout-then-failed',
  'timeout-then-returned',
];

export interface SandboxDmtOptions {
  /** How long after success a late-return account (002) reads as returned. */
  returnAfterMs: number;
  /** How long each call takes once the provider has its answer (RAIL_SANDBOX_LATENCY_MS). */
  latencyMs?: number;
}

/** A pretend DMT provider by the rules above, answering in IPAY's envelope. */
export class SandboxDmtProvider extends DmtProvider {
  constructor(
    private readonly book: DmtSandboxBook,
    private readonly clock: Clock,
    private readonly options: SandboxDmtOptions,
  ) {
    super();
  }

  async send(request: DmtTransferRequest): Promise<RailOutcome> {
    const behaviour = dmtSandboxBehaviour(request.accountNumber);
    const last4 = request.accountNumber.slice(-4);
    if (behaviour === 'rail-down') {
      await this.book.noteCall(request.reference, 'send', last4);
      throw new RailUnavailableError('The sandbox DMT provider is down (503).');
    }
    if (behaviour === 'error-before-accept') {
      await this.book.noteCall(request.reference, 'send', last4);
      if ((await this.book.calls(request.reference, 'send')) === 1) {
        throw new RailUnavailableError('The sandbox DMT provider answered 502.');
      }
    }
    // The provider takes the transfer before it answers: a caller that dies waiting finds it
    // by enquiry, and a second send of the reference is answered with the first.
    const { entry } = await this.book.take({
      reference: request.reference,
      accountLast4: last4,
      amount: request.amount,
      mode: request.mode,
      ...this.decide(behaviour, request.reference),
    });
    await this.latency();
    if (TIMES_OUT.includes(behaviour)) {
      throw new RailUnavailableError('The sandbox DMT provider timed out.');
    }
    if (behaviour === 'garbage-then-paid') return sendOutcomeOf(SANDBOX_GARBAGE);
    return sendOutcomeOf(this.answerOf(entry, { atSend: true }));
  }

  async status(reference: string): Promise<RailOutcome | { status: 'not-found' }> {
    const entry = await this.book.check(reference);
    await this.latency();
    const last4 = entry?.accountLast4 ?? (await this.book.sentTo(reference));
    const behaviour = last4 ? dmtSandboxBehaviour(last4) : 'paid';
    if (behaviour === 'rail-down') {
      throw new RailUnavailableError('The sandbox DMT provider is down (503).');
    }
    if (!entry) return outcomeOfDmtAnswer({ statuscode: 'TNF', status: 'Transaction not found' });
    if (entry.status === 'pending' && entry.statusChecks > SANDBOX_PENDING_CHECKS) {
      const failed = behaviour === 'pending-then-failed';
      const settled = await this.book.settle(reference, {
        status: failed ? 'failed' : 'processed',
        utr: failed ? null : utrOf(reference),
        reason: failed ? SANDBOX_MESSAGES.refused : null,
        settledAt: this.clock.now(),
      });
      return outcomeOfDmtAnswer(this.answerOf(settled ?? entry));
    }
    return outcomeOfDmtAnswer(this.answerOf(entry));
  }

  private async latency(): Promise<void> {
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
  }

  private decide(
    behaviour: DmtSandboxBehaviour,
    reference: string,
  ): Pick<DmtSandboxEntry, 'status' | 'utr' | 'reason' | 'settledAt'> {
    const now = this.clock.now();
    switch (behaviour) {
      case 'no-account':
        return { status: 'failed', utr: null, reason: SANDBOX_MESSAGES.noAccount, settledAt: now };
      case 'closed':
        return { status: 'failed', utr: null, reason: SANDBOX_MESSAGES.closed, settledAt: now };
      case 'timeout-then-failed':
        return { status: 'failed', utr: null, reason: SANDBOX_MESSAGES.refused, settledAt: now };
      case 'pending-then-paid':
      case 'pending-then-failed':
        return { status: 'pending', utr: null, reason: null, settledAt: null };
      default:
        return { status: 'processed', utr: utrOf(reference), reason: null, settledAt: now };
    }
  }

  /** The entry in IPAY's envelope; a late return reads as TRP to an enquiry once it is due. */
  private answerOf(entry: DmtSandboxEntry, { atSend = false } = {}): DmtProviderAnswer {
    const data = { externalRef: entry.reference, txnReferenceId: entry.utr };
    if (entry.status === 'pending')
      return { statuscode: 'TUP', status: 'Transaction under process', data };
    if (entry.status === 'failed') return { statuscode: 'FAB', status: entry.reason ?? '', data };
    const behaviour = dmtSandboxBehaviour(entry.accountLast4);
    const returned =
      !atSend &&
      (behaviour === 'timeout-then-returned' ||
        (behaviour === 'late-return' &&
          entry.settledAt !== null &&
          this.clock.now().getTime() - entry.settledAt.getTime() >= this.options.returnAfterMs));
    if (returned) return { statuscode: 'TRP', status: SANDBOX_MESSAGES.returned, data };
    return { statuscode: 'TXN', status: 'Transaction Successful', data };
  }
}

/** A bank-like UTR (22 characters), derived from the reference so it is stable across asks. */
function utrOf(reference: string): string {
  return `SBXD${reference.replace(/-/g, '').slice(0, 18).toUpperCase()}`;
}
