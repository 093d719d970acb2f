import { setTimeout as sleep } from 'node:timers/promises';
import { AEPS_MONEY_KINDS, type AepsKind, indiaDay, type Paise, rupeesString } from '@khata/domain';
import { Clock } from '../common/clock.js';
import { type RailOutcome, RailUnavailableError } from '../rail/rail-adapter.js';
import { SANDBOX_PENDING_CHECKS } from '../rail/sandbox-rules.js';
import {
  type AepsAnswerStatementLine,
  type AepsProviderAnswer,
  aepsSendOutcomeOf,
  outcomeOfAepsAnswer,
} from './aeps-provider-answer.js';
import {
  type AgentAnswer,
  type AgentDailyAuth,
  type AgentRegistration,
  AepsProvider,
  type AepsRequest,
} from './aeps-provider.js';
import { agentReference, balanceBefore, rrnOf, statementOf } from './sandbox-aeps-bank.js';
import type {
  AepsSandboxBook,
  AepsSandboxEntry,
  AepsSandboxSettlement,
} from './sandbox-aeps-book.js';

/**
 * The sandbox AEPS provider's documented rules (docs/api.md "The sandbox AEPS provider's test
 * data"): the two digits before the Aadhaar's check digit (`aadhaar.slice(9, 11)`) decide, so
 * tests and demos get every outcome on purpose with numbers that pass the Verhoeff check. Any
 * other pair succeeds at once. A reference sent again is answered with the original, never
 * made twice.
 *
 * | code | send answers | status enquiry answers |
 * |------|--------------|------------------------|
 * | other | TXN: success, RRN, balance (and the mini statement) | success |
 * | 01 | ERR: insufficient funds, with the balance (money kinds only) | failed |
 * | 02 | ERR: the customer's bank is not available | failed |
 * | 03 | times out, the provider took it | success |
 * | 04 | ERR: debited but failed (`bankDebited`; money kinds only) | failed |
 * | 05 | TUP: pending | pending for 2 enquiries, then success |
 * | 06 | provider down: every call 503, nothing taken | 503 |
 * | 07 | ERR: the fingerprint did not match | failed |
 *
 * 01 and 04 are about money leaving the account: a balance enquiry or mini statement with them
 * succeeds (an 01 account is nearly empty, so its enquiry shows why a withdrawal would fail).
 * A PID that is not a successful capture (`<Resp errCode="0"` and a `<Data` element) fails
 * first, whatever the code. The PID is read for those two marks only and never kept or logged.
 */
export const AEPS_SANDBOX_CODES = {
  insufficientFunds: '01',
  bankUnavailable: '02',
  timeoutThenPaid: '03',
  debitedButFailed: '04',
  pendingThenPaid: '05',
  providerDown: '06',
  fingerprintMismatch: '07',
} as const;

export const AEPS_SANDBOX_MESSAGES = {
  insufficientFunds: 'Insufficient funds in the customer’s account.',
  bankUnavailable: 'The customer’s bank is not available now. Please try again later.',
  debitedButFailed:
    'The bank debited the account but the transaction failed: the bank reverses it within 5 days.',
  fingerprintMismatch:
    'The fingerprint did not match Aadhaar. Please ask the customer to try again.',
  agentFingerprintMismatch: 'Your fingerprint did not match your Aadhaar. Please try again.',
  pidUnreadable: 'The fingerprint data could not be read. Please capture again.',
} as const;

/** The code the rules read: the two digits before the check digit (the last 4 hold them). */
export function aepsSandboxCode(aadhaarOrLast4: string): string {
  return aadhaarOrLast4.slice(-3, -1);
}

/**
 * True when the PID block is a successful capture as an RD service writes it: a `PidData`
 * whose `Resp` says `errCode="0"` and which carries the encrypted `Data`. A real provider
 * decrypts and matches it; the sandbox looks for these marks only.
 */
export function aepsPidReadable(pid: string): boolean {
  return (
    /<PidData[\s>]/.test(pid) && /<Resp\b[^>]*\serrCode="0"/.test(pid) && /<Data[\s>]/.test(pid)
  );
}

export interface SandboxAepsOptions {
  /** How long each call takes once the provider has its answer (RAIL_SANDBOX_LATENCY_MS). */
  latencyMs?: number;
}

/** A pretend AEPS provider by the rules above, answering in IPAY's envelope. */
export class SandboxAepsProvider extends AepsProvider {
  constructor(
    private readonly book: AepsSandboxBook,
    private readonly clock: Clock,
    private readonly options: SandboxAepsOptions = {},
  ) {
    super();
  }

  async send(request: AepsRequest): Promise<RailOutcome> {
    const last4 = request.aadhaar.slice(-4);
    const code = aepsSandboxCode(last4);
    if (code === AEPS_SANDBOX_CODES.providerDown) {
      await this.book.noteCall(request.reference, 'send', last4);
      throw down();
    }
    // The provider takes the transaction before it answers: a caller that dies waiting finds
    // it by enquiry, and a second send of the reference is answered with the first.
    const { entry } = await this.book.take({
      reference: request.reference,
      kind: request.kind,
      aadhaarLast4: last4,
      code,
      amount: request.amount,
      ...this.decide(request, code),
    });
    await this.latency();
    if (code === AEPS_SANDBOX_CODES.timeoutThenPaid) {
      throw new RailUnavailableError('The sandbox AEPS provider timed out.');
    }
    return aepsSendOutcomeOf(answerOf(entry));
  }

  async status(reference: string): Promise<RailOutcome | { status: 'not-found' }> {
    const entry = await this.book.check(reference);
    await this.latency();
    const last4 = entry?.aadhaarLast4 ?? (await this.book.sentWith(reference));
    if (last4 && aepsSandboxCode(last4) === AEPS_SANDBOX_CODES.providerDown) throw down();
    if (!entry) return outcomeOfAepsAnswer({ statuscode: 'TNF', status: 'Transaction not found' });
    if (entry.status === 'pending' && entry.statusChecks > SANDBOX_PENDING_CHECKS) {
      const settled = await this.book.settle(reference, {
        ...this.success(entry.kind, entry.aadhaarLast4, entry.amount, reference),
        reason: null,
        bankDebited: false,
      });
      return outcomeOfAepsAnswer(answerOf(settled ?? entry));
    }
    return outcomeOfAepsAnswer(answerOf(entry));
  }

  async registerAgent(registration: AgentRegistration): Promise<AgentAnswer> {
    const code = aepsSandboxCode(registration.aadhaar);
    await this.latency();
    if (code === AEPS_SANDBOX_CODES.providerDown) throw down();
    if (!aepsPidReadable(registration.pid)) {
      return { ok: false, reason: AEPS_SANDBOX_MESSAGES.pidUnreadable };
    }
    if (code === AEPS_SANDBOX_CODES.fingerprintMismatch) {
      return { ok: false, reason: AEPS_SANDBOX_MESSAGES.agentFingerprintMismatch };
    }
    return { ok: true, reference: agentReference(`register:${registration.shopId}`) };
  }

  async dailyAuth(auth: AgentDailyAuth): Promise<AgentAnswer> {
    await this.latency();
    if (!aepsPidReadable(auth.pid)) {
      return { ok: false, reason: AEPS_SANDBOX_MESSAGES.pidUnreadable };
    }
    return { ok: true, reference: agentReference(`daily:${auth.shopId}:${auth.day}`) };
  }

  private async latency(): Promise<void> {
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
  }

  /** The entry a send takes: decided at once, except 05's, which the enquiries settle. */
  private decide(request: AepsRequest, code: string): AepsSandboxSettlement {
    const now = this.clock.now();
    const money = AEPS_MONEY_KINDS.includes(request.kind);
    const failed = (reason: string, balance: Paise | null = null, bankDebited = false) => ({
      status: 'failed' as const,
      rrn: null,
      reason,
      balance,
      statement: null,
      bankDebited,
      settledAt: now,
    });
    if (!aepsPidReadable(request.pid)) return failed(AEPS_SANDBOX_MESSAGES.pidUnreadable);
    switch (code) {
      case AEPS_SANDBOX_CODES.insufficientFunds:
        if (money) {
          return failed(
            AEPS_SANDBOX_MESSAGES.insufficientFunds,
            balanceBefore(request.aadhaar.slice(-4), true),
          );
        }
        break;
      case AEPS_SANDBOX_CODES.bankUnavailable:
        return failed(AEPS_SANDBOX_MESSAGES.bankUnavailable);
      case AEPS_SANDBOX_CODES.debitedButFailed:
        if (money) return failed(AEPS_SANDBOX_MESSAGES.debitedButFailed, null, true);
        break;
      case AEPS_SANDBOX_CODES.pendingThenPaid:
        return {
          status: 'pending',
          rrn: null,
          reason: null,
          balance: null,
          statement: null,
          bankDebited: false,
          settledAt: null,
        };
      case AEPS_SANDBOX_CODES.fingerprintMismatch:
        return failed(AEPS_SANDBOX_MESSAGES.fingerprintMismatch);
    }
    return {
      ...this.success(request.kind, request.aadhaar.slice(-4), request.amount, request.reference),
      reason: null,
      bankDebited: false,
    };
  }

  /** What the pretend bank answers when it does the transaction. */
  private success(
    kind: AepsKind,
    last4: string,
    amount: Paise,
    reference: string,
  ): Pick<AepsSandboxEntry, 'status' | 'rrn' | 'balance' | 'statement' | 'settledAt'> {
    const now = this.clock.now();
    const before = balanceBefore(
      last4,
      aepsSandboxCode(last4) === AEPS_SANDBOX_CODES.insufficientFunds,
    );
    const money = AEPS_MONEY_KINDS.includes(kind);
    return {
      status: 'processed',
      rrn: rrnOf(now, reference),
      balance: money ? before - amount : before,
      statement: kind === 'statement' ? statementOf(last4, indiaDay(now)) : null,
      settledAt: now,
    };
  }
}

/** The entry in IPAY's envelope (rupees as strings, the RRN as `opr`). */
function answerOf(entry: AepsSandboxEntry): AepsProviderAnswer {
  const data = {
    externalRef: entry.reference,
    ipayId: entry.rrn && `SBXA${entry.rrn}`,
    opr: entry.rrn,
    balance: entry.balance === null ? null : rupeesString(entry.balance),
    miniStatement: entry.statement?.map((line): AepsAnswerStatementLine => ({
      date: line.date,
      txnType: line.type,
      amount: line.amount.toFixed(2),
      narration: line.narration,
    })),
    bankDebited: entry.bankDebited,
  };
  if (entry.status === 'pending') {
    return { statuscode: 'TUP', status: 'Transaction under process', data };
  }
  if (entry.status === 'failed') return { statuscode: 'ERR', status: entry.reason ?? '', data };
  return { statuscode: 'TXN', status: 'Transaction Successful', data };
}

function down(): RailUnavailableError {
  return new RailUnavailableError('The sandbox AEPS provider is down (503).');
}
