import { randomInt } from 'node:crypto';
import { LedgerError, ledgerErrorOf } from './errors.js';
import type { SystemAccountKind, UserAccountKind } from './account-kinds.js';
import { AppendBatches, type GroupCommitOptions } from './append-batches.js';
import { SYSTEM_SHARDS } from './constants.js';
import { reportAppend } from './observe.js';
import { appendPayload } from './payload.js';
import type { LedgerEventData } from './records.js';
import type { SqlClient } from './sql-client.js';

export { appendPayload } from './payload.js';

/** Integer paise; a safe integer, never a float. */
export type Paise = number;

export interface Leg {
  accountId: string;
  /** Positive credits the account, negative debits it. */
  amount: Paise;
  /**
   * The most the account may hold after this credit (a wallet's maximum balance). Checked under
   * the account's row lock, so concurrent credits cannot pass it together.
   */
  ceiling?: Paise;
}

export type HoldOperation =
  | { op: 'place'; holdId: string; accountId: string; amount: Paise; expiresAt?: Date }
  | { op: 'post'; holdId: string; amount: Paise }
  | { op: 'void'; holdId: string };

/**
 * Sets an account's overdraft limit: its available balance may then go down to minus this
 * many paise. Applied before the event's holds and legs; a limit below what the account owes
 * already is refused (`limit-below-owed`). Zero ends the overdraft.
 */
export interface LimitChange {
  accountId: string;
  overdraftLimit: Paise;
}

export interface LedgerEvent {
  /** What happened, in the past tense: 'wallet.credited', 'wallet.transferred', … */
  type: string;
  /** The business object the event belongs to: `transfer:<id>`, `payout:<id>`. */
  stream: string;
  legs: Leg[];
  holds?: HoldOperation[];
  /** Overdraft limits this event sets (an event may set limits and move nothing). */
  limits?: LimitChange[];
  /**
   * What the event says beyond its money: the record it opens or moves, a commission split…
   * Typed (records.ts): the fields the ledger's reads parse are checked where they are written.
   */
  data?: LedgerEventData;
  /** Who, from where, correlation ids. */
  metadata?: Record<string, unknown>;
  /** With `idempotencyKey`: a repeat with the same request returns the first result. */
  actorId?: string;
  idempotencyKey?: string;
  /** A digest of the request, so the same key with another request is refused. */
  requestHash?: string;
}

export interface Appended {
  seq: string;
  /** The event's id; on a replay, the id of the first event. */
  id: string;
  /** True when this was a repeat of an earlier request: nothing moved this time. */
  replayed: boolean;
}

/** How `append` sends an event; by default alone, in one call of `ledger_append`. */
export interface AppendOptions {
  /**
   * Project the event into the read model in the same call and answer what it opened or moved
   * and the balances of the users whose money moved (`ledger_append_projected`,
   * sql/07-append-projected.sql), so nothing is read back after commit. Never batched.
   */
  project?: boolean;
}

/** A row of `transaction_records` as JSON, as a projected append answers it (int8 as numbers). */
export interface ProjectedRecord {
  record_id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
  [column: string]: unknown;
}

/** What a projected append answers: the event and, unless it was a replay, its projection. */
export interface ProjectedAppend extends Appended {
  /** False for a replay, and when the projection failed (the event committed unprojected). */
  projected: boolean;
  /** Why the projection failed, when it did. */
  projectionError: string | null;
  /** Every party's row of each record the event opened or moved. */
  records: ProjectedRecord[] | null;
  /** Per user whose money moved: available by account kind. */
  balances: Record<string, Partial<Record<UserAccountKind, Paise>>> | null;
  /** Per such user: the wallet's overdraft limit and the version of these figures (issue 23). */
  balanceFigures: Record<string, { version: number; overdraftLimit: number }> | null;
}

export interface LedgerOptions {
  /**
   * Group commit (issue 15): appends that stand alone are queued and sent together, up to
   * `maxBatch` in one transaction and one round trip (`ledger_append_batch`). For jobs that
   * append many events at once; `within(tx)` and projected appends go alone.
   */
  groupCommit?: GroupCommitOptions;
}

const APPEND = 'SELECT seq::text AS seq, id, replayed FROM ledger_append($1::jsonb)';
const APPEND_PROJECTED = `SELECT appended_seq::text AS seq, appended_id AS id, was_replayed AS replayed,
         projected, projection_error AS "projectionError", records, balances,
         balance_figures AS "balanceFigures"
    FROM ledger_append_projected($1::jsonb)`;

const UNIQUE_VIOLATION = '23505';
const DEADLOCK = '40P01';
const MAX_ATTEMPTS = 3;

/**
 * The one way money moves: append an event whose legs sum to zero. All of it happens in one
 * database call (`ledger_append`), in one transaction: it either all happens or none of it.
 * `append` is the one append API (issue 24): on a caller's transaction through `within(tx)`,
 * projected with `{ project: true }`, batched when the ledger was made with `groupCommit`.
 * The SQL it sends is its own: no caller passes any.
 */
export class Ledger {
  /**
   * The system accounts' ids by code, read once per process: they are opened by migrations and
   * never change. Shared with every ledger `within` makes, so a request's first read serves all.
   */
  private systemIds: { byCode?: Map<string, string> } = {};

  private inTransaction = false;
  private readonly batches: AppendBatches | undefined;

  constructor(
    protected readonly db: SqlClient,
    options: LedgerOptions = {},
  ) {
    this.batches = options.groupCommit && new AppendBatches(db, options.groupCommit);
  }

  /**
   * The ledger on a caller's open transaction, so an append commits or rolls back with the
   * caller's own writes (a payout row, an outbox row). Inside a transaction a failed statement
   * aborts it, so nothing is retried here: the caller's transaction is retried, or fails.
   */
  within(transaction: SqlClient): Ledger {
    const bound = new Ledger(transaction);
    bound.inTransaction = true;
    bound.systemIds = this.systemIds; // the same holder object: one read per process
    return bound;
  }

  /**
   * Appends an event: its seq (carried as a string wherever it goes) and id, or the first
   * answer again for a repeat of an idempotent request; a refusal is a `LedgerError`.
   */
  append(event: LedgerEvent, options?: { project?: false }): Promise<Appended>;
  append(event: LedgerEvent, options: { project: true }): Promise<ProjectedAppend>;
  append(event: LedgerEvent, options: AppendOptions = {}): Promise<Appended | ProjectedAppend> {
    if (options.project) return this.appendAlone<ProjectedAppend>(event, APPEND_PROJECTED);
    if (this.batches) return this.batches.append(event);
    return this.appendAlone<Appended>(event, APPEND);
  }

  /** Events waiting for a batch and batches in flight (group commit): what a graceful stop waits out. */
  get backlog(): { queued: number; inFlight: number } {
    return this.batches?.backlog ?? { queued: 0, inFlight: 0 };
  }

  /**
   * One event in one call (`ledger_append` or `ledger_append_projected`, the payload as `$1`),
   * with the ledger's refusals and retries, answering the call's one row.
   */
  private async appendAlone<Row>(event: LedgerEvent, sql: string): Promise<Row> {
    const startedAt = performance.now();
    let payload: string;
    try {
      payload = JSON.stringify(appendPayload(event));
    } catch (error) {
      reportAppend('single', startedAt, error instanceof LedgerError ? 'refused' : 'failed');
      throw error;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.db.query<Row>(sql, [payload]);
        const row = rows[0]!;
        const replayed = (row as { replayed?: unknown } | undefined)?.replayed === true;
        reportAppend('single', startedAt, replayed ? 'replayed' : 'appended');
        return row;
      } catch (error) {
        const refusal = ledgerErrorOf(error);
        if (refusal) {
          reportAppend('single', startedAt, 'refused');
          throw refusal;
        }
        const code = (error as { code?: string }).code;
        const retried = !this.inTransaction && (code === UNIQUE_VIOLATION || code === DEADLOCK);
        if (!retried || attempt === MAX_ATTEMPTS) reportAppend('single', startedAt, 'failed');
        if (this.inTransaction) throw error;
        // A concurrent twin with the same idempotency key (or the same stream) committed first:
        // the next attempt sees it and answers as its replay. A deadlock cannot come from our
        // ordered locks, but a retry costs nothing if one ever does.
        if (code !== UNIQUE_VIOLATION && code !== DEADLOCK) throw error;
        if (attempt === MAX_ATTEMPTS) {
          throw new LedgerError(
            'contention',
            'The ledger is busy with this account; please retry.',
          );
        }
      }
    }
  }

  /**
   * The account of a system kind that takes this event's leg. Hot system accounts are spread
   * over shards chosen at random, so concurrent events rarely wait on the same row.
   */
  async systemAccount(kind: SystemAccountKind): Promise<string> {
    if (!this.systemIds.byCode) {
      const { rows } = await this.db.query<{ id: string; code: string }>(
        'SELECT id, code FROM ledger_accounts WHERE code IS NOT NULL',
      );
      this.systemIds.byCode = new Map(rows.map((row) => [row.code, row.id]));
    }
    const id = this.systemIds.byCode.get(`${kind}/${randomInt(SYSTEM_SHARDS)}`);
    if (!id) throw new LedgerError('unknown-account', `No system account ${kind}.`);
    return id;
  }

  /**
   * Locks accounts for the rest of the caller's transaction, in id order as `ledger_append`
   * takes them (so no lock cycle with it), and answers each one's own money: posted less held,
   * its overdraft not counted. For a rule the append's floor cannot state, decided under the
   * same lock the append then takes: a lien holds only the money in the wallet (issue 23).
   */
  async lockOwnMoney(accountIds: readonly string[]): Promise<Map<string, Paise>> {
    if (!this.inTransaction) {
      throw new Error("lockOwnMoney needs the caller's transaction: call it on ledger.within(tx).");
    }
    const { rows } = await this.db.query<{ id: string; own: string }>(
      `SELECT id, (credits_posted - debits_posted - debits_pending)::text AS own
         FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [accountIds],
    );
    return new Map(rows.map((row) => [row.id, Number(row.own)]));
  }

  /** An account's posted balance right after an event, from the event's own posting. */
  async balanceAfter(seq: string, accountId: string): Promise<Paise | undefined> {
    const { rows } = await this.db.query<{ balance: Paise | string }>(
      `SELECT balance_after AS balance FROM ledger_postings
        WHERE event_seq = $1 AND account_id = $2 ORDER BY id DESC LIMIT 1`,
      [seq, accountId],
    );
    return rows[0] ? Number(rows[0].balance) : undefined;
  }

  /** The account a user holds of a kind (wallet, lien, security, aeps, commission). */
  async userAccount(userId: string, kind: UserAccountKind): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT id FROM ledger_accounts WHERE owner_id = $1 AND kind = $2',
      [userId, kind],
    );
    if (!rows[0]) throw new LedgerError('unknown-account', `User has no ${kind} account.`, userId);
    return rows[0].id;
  }
}
