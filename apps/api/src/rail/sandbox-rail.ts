import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { type AccountCheck, BankRail, type RailTransfer } from './bank-rail.js';
import { type RailOutcome, RailUnavailableError } from './rail-adapter.js';
import {
  SANDBOX_MESSAGES,
  SANDBOX_PENDING_CHECKS,
  sandboxBehaviour,
  sandboxPayeeName,
} from './sandbox-rules.js';

interface TransferRow {
  /** The account's last 4 digits: all the rules read, and all this pretend bank keeps. */
  accountLast4: string;
  status: 'processed' | 'failed' | 'pending';
  utr: string | null;
  reason: string | null;
  statusChecks: number;
  settledAt: Date | null;
}

/**
 * A pretend bank that behaves like a payout provider by the rules in sandbox-rules.ts.
 * Its book of transfers lives in Postgres (`sandbox_rail_transfers`, one row per reference),
 * so it outlives a killed worker exactly as a real provider would, pays a reference at most
 * once, and counts every call it receives (tests read `send_calls` to prove "paid once").
 * It keeps an account's last 4 digits, not the number (issue 31): its rules read the last 3.
 */
@Injectable()
export class SandboxRail extends BankRail {
  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  async send(transfer: RailTransfer): Promise<RailOutcome> {
    const behaviour = sandboxBehaviour(transfer.accountNumber);
    if (behaviour === 'rail-down' || behaviour === 'error-before-accept') {
      await this.noteCall(transfer.reference, 'send', lastFour(transfer.accountNumber));
      if (behaviour === 'rail-down') {
        throw new RailUnavailableError('The sandbox rail is down (503).');
      }
      if ((await this.calls(transfer.reference, 'send')) === 1) {
        throw new RailUnavailableError('The sandbox rail answered 502.');
      }
    }

    // The rail takes the transfer before it answers, like a real one: a caller that dies while
    // waiting finds it with `status`, and a second send of the same reference pays nothing.
    // The call is counted in the same statement (one commit per call, as a provider's own
    // book would be), unless it was counted above.
    const decided = this.decide(transfer);
    const counted = behaviour === 'error-before-accept';
    const { rows } = await this.db.query<TransferRow>(
      `WITH call AS (
         INSERT INTO sandbox_rail_calls (reference, call, account_last4)
         SELECT $1::text, 'send', $2::text WHERE NOT $10::boolean)
       INSERT INTO sandbox_rail_transfers
         (reference, account_last4, ifsc, amount, mode, status, utr, reason, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (reference) DO UPDATE SET reference = EXCLUDED.reference
       RETURNING ${COLUMNS}`,
      [
        transfer.reference,
        lastFour(transfer.accountNumber),
        transfer.ifsc,
        transfer.amount,
        transfer.mode,
        decided.status,
        decided.utr,
        decided.reason,
        decided.status === 'pending' ? null : this.clock.now(),
        counted,
      ],
    );
    await this.latency();
    if (
      behaviour === 'timeout-then-paid' ||
      behaviour === 'timeout-then-failed' ||
      behaviour === 'timeout-then-returned'
    ) {
      throw new RailUnavailableError('The sandbox rail timed out.');
    }
    return this.outcomeOf(rows[0]!, { atSend: true });
  }

  async status(reference: string): Promise<RailOutcome | { status: 'not-found' }> {
    // The call is counted and the check noted in one statement.
    const { rows } = await this.db.query<TransferRow>(
      `WITH call AS (INSERT INTO sandbox_rail_calls (reference, call) VALUES ($1, 'status'))
       UPDATE sandbox_rail_transfers SET status_checks = status_checks + 1
        WHERE reference = $1 RETURNING ${COLUMNS}`,
      [reference],
    );
    await this.latency();
    const row = rows[0];
    const last4 = row?.accountLast4 ?? (await this.sentTo(reference));
    if (last4 && sandboxBehaviour(last4) === 'rail-down') {
      throw new RailUnavailableError('The sandbox rail is down (503).');
    }
    if (!row) return { status: 'not-found' };
    if (row.status === 'pending' && row.statusChecks > SANDBOX_PENDING_CHECKS) {
      const { rows: settled } = await this.db.query<TransferRow>(
        `UPDATE sandbox_rail_transfers SET status = 'processed', utr = $2, settled_at = $3
          WHERE reference = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [reference, utrOf(reference), this.clock.now()],
      );
      return this.outcomeOf(settled[0] ?? row);
    }
    return this.outcomeOf(row);
  }

  async verifyAccount(account: { accountNumber: string; ifsc: string }): Promise<AccountCheck> {
    await this.latency();
    if (sandboxBehaviour(account.accountNumber) === 'no-account') {
      return { verified: false, reason: SANDBOX_MESSAGES.noAccount };
    }
    return { verified: true, payeeName: sandboxPayeeName(account.accountNumber) };
  }

  private decide(transfer: RailTransfer): Pick<TransferRow, 'status' | 'utr' | 'reason'> {
    switch (sandboxBehaviour(transfer.accountNumber)) {
      case 'no-account':
        return { status: 'failed', utr: null, reason: SANDBOX_MESSAGES.noAccount };
      case 'closed':
        return { status: 'failed', utr: null, reason: SANDBOX_MESSAGES.closed };
      case 'timeout-then-failed':
        return { status: 'failed', utr: null, reason: SANDBOX_MESSAGES.refused };
      case 'pending-then-paid':
        return { status: 'pending', utr: null, reason: null };
      default:
        return { status: 'processed', utr: utrOf(transfer.reference), reason: null };
    }
  }

  /**
   * A late-return account reads as returned to status checks once the return delay has passed
   * since payment; the send itself always answers paid.
   */
  private outcomeOf(row: TransferRow, { atSend = false } = {}): RailOutcome {
    if (row.status === 'pending') return { status: 'pending' };
    if (row.status === 'failed') return { status: 'failed', reason: row.reason ?? '' };
    const behaviour = sandboxBehaviour(row.accountLast4);
    const returned =
      !atSend &&
      (behaviour === 'timeout-then-returned' ||
        (behaviour === 'late-return' &&
          row.settledAt !== null &&
          this.clock.now().getTime() - row.settledAt.getTime() >=
            this.config.rail.sandboxReturnAfterMs));
    if (returned) return { status: 'reversed', reason: SANDBOX_MESSAGES.returned, utr: row.utr! };
    return { status: 'processed', utr: row.utr! };
  }

  /** The account's last 4 digits of the latest send of a reference, taken or not. */
  private async sentTo(reference: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ last4: string | null }>(
      `SELECT account_last4 AS last4 FROM sandbox_rail_calls
        WHERE reference = $1 AND call = 'send' ORDER BY id DESC LIMIT 1`,
      [reference],
    );
    return rows[0]?.last4 ?? undefined;
  }

  private async noteCall(reference: string, call: 'send', last4: string): Promise<void> {
    await this.db.query(
      `INSERT INTO sandbox_rail_calls (reference, call, account_last4) VALUES ($1, $2, $3)`,
      [reference, call, last4],
    );
  }

  private async calls(reference: string, call: 'send' | 'status'): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM sandbox_rail_calls WHERE reference = $1 AND call = $2`,
      [reference, call],
    );
    return rows[0]?.count ?? 0;
  }

  private async latency(): Promise<void> {
    if (this.config.rail.sandboxLatencyMs > 0) await sleep(this.config.rail.sandboxLatencyMs);
  }
}

const COLUMNS = `account_last4 AS "accountLast4", status, utr, reason,
  status_checks AS "statusChecks", settled_at AS "settledAt"`;

const lastFour = (accountNumber: string) => accountNumber.slice(-4);

/** A bank-like UTR (22 characters), derived from the reference so it is stable across asks. */
function utrOf(reference: string): string {
  return `SBXN${reference.replace(/-/g, '').slice(0, 18).toUpperCase()}`;
}
