import {
  type AccountCheck,
  BankRail,
  type RailTransfer,
} from '../../apps/api/src/rail/bank-rail.js';
import { type RailOutcome, RailUnavailableError } from '../../apps/api/src/rail/rail-adapter.js';

/**
 * What the scripted bank answers, call by call. `timeout`: the bank took the transfer but the
 * answer never came back; `lost`: the call failed before the bank saw it (so `status` will
 * say `not-found` if scripted to); `not-found` only makes sense for `status`.
 */
export type ScriptedAnswer =
  RailOutcome | { status: 'not-found' } | { status: 'timeout' } | { status: 'lost' };

interface Script {
  send: ScriptedAnswer[];
  status: ScriptedAnswer[];
}

/**
 * A bank rail double for the medium tier: each payout (by reference) gets a script of answers
 * for `send` and for `status`; the last answer of a script repeats. It counts calls and the
 * transfers the bank took (one per reference at most, as its idempotency key promises).
 */
export class ScriptedRail extends BankRail {
  private readonly scripts = new Map<string, Script>();
  private readonly calls = new Map<string, { send: number; status: number }>();
  private readonly taken = new Set<string>();

  script(reference: string, script: Partial<Script>): void {
    this.scripts.set(reference, {
      send: script.send ?? [{ status: 'pending' }],
      status: script.status ?? [{ status: 'pending' }],
    });
  }

  callsFor(reference: string): { send: number; status: number } {
    return { ...(this.calls.get(reference) ?? { send: 0, status: 0 }) };
  }

  transfersFor(reference: string): number {
    return this.taken.has(reference) ? 1 : 0;
  }

  async send(transfer: RailTransfer): Promise<RailOutcome> {
    const answer = this.next(transfer.reference, 'send');
    if (answer.status !== 'lost') this.taken.add(transfer.reference);
    return this.answered(answer) as RailOutcome;
  }

  async status(reference: string): Promise<RailOutcome | { status: 'not-found' }> {
    return this.answered(this.next(reference, 'status'));
  }

  async verifyAccount(): Promise<AccountCheck> {
    return { verified: true, payeeName: 'Scripted Payee' };
  }

  private next(reference: string, call: 'send' | 'status'): ScriptedAnswer {
    const counts = this.calls.get(reference) ?? { send: 0, status: 0 };
    counts[call]++;
    this.calls.set(reference, counts);
    const answers = this.scripts.get(reference)?.[call] ?? [{ status: 'pending' }];
    return answers[Math.min(counts[call], answers.length) - 1]!;
  }

  private answered(answer: ScriptedAnswer): RailOutcome | { status: 'not-found' } {
    if (answer.status === 'timeout' || answer.status === 'lost') {
      throw new RailUnavailableError(`The scripted bank: ${answer.status}.`);
    }
    return answer;
  }
}
