import { randomInt, randomUUID } from 'node:crypto';
import { LedgerError, ledgerErrorOf } from './errors.js';
import type { SystemAccountKind, UserAccountKind } from './account-kinds.js';
import { LEDGER_AMOUNT_LIMIT, SYSTEM_SHARDS } from './constants.js';
import { reportAppend } from './observe.js';
import type { SqlClient } from './sql-client.js';

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
  data?: Record<string, unknown>;
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

const UNIQUE_VIOLATION = '23505';
const DEADLOCK = '40P01';
const MAX_ATTEMPTS = 3;

/**
 * The one way money moves: append an event whose legs sum to zero. All of it happens in one
 * database call (`ledger_append`), in one transaction: it either all happens or none of it.
 */
export class Ledger {
  /**
   * The system accounts' ids by code, read once per process: they are opened by migrations and
   * never change. Shared with every ledger `within` makes, so a request's first read serves all.
   */
  private systemIds: { byCode?: Map<string, string> } = {};

  constructor(
    protected readonly db: SqlClient,
    private readonly inTransaction = false,
  ) {}

  /**
   * The ledger on a caller's open transaction, so an append commits or rolls back with the
   * caller's own writes (a payout row, an outbox row). Inside a transaction a failed statement
   * aborts it, so nothing is retried here: the caller's transaction is retried, or fails.
   */
  within(transaction: SqlClient): Ledger {
    const bound = new Ledger(transaction, true);
    bound.systemIds = this.systemIds; // the same holder object: one read per process
    return bound;
  }

  async append(event: LedgerEvent): Promise<Appended> {
    return this.appendThrough<Appended>(
      event,
      // A seq is carried as a string (Appended.seq) wherever it goes, events included.
      'SELECT seq::text AS seq, id, replayed FROM ledger_append($1::jsonb)',
    );
  }

  /**
   * An append through `sql`, a call of `ledger_append` or of a function that wraps it (the
   * API's `ledger_append_projected`) with the checked payload as `$1`: the same refusals and
   * retries as `append`, answering the call's one row. The payload has this one author.
   */
  async appendThrough<Row>(event: LedgerEvent, sql: string): Promise<Row> {
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

/**
 * What `ledger_append` takes for an event, checked first: whole paise within the ledger's
 * range, ceilings on credits, limits not negative, an idempotency key with its actor. The
 * event's id is drawn here. Shared by `Ledger` and `GroupCommitLedger`, so both send the same.
 */
export function appendPayload(event: LedgerEvent): Record<string, unknown> {
  for (const leg of event.legs) {
    assertPaise(leg.amount);
    if (
      leg.ceiling !== undefined &&
      (leg.amount < 0 || !(Number.isSafeInteger(leg.ceiling) && leg.ceiling >= 0))
    ) {
      throw new RangeError(`A ceiling goes on a credit and is whole paise; got ${leg.ceiling}.`);
    }
  }
  for (const change of event.limits ?? []) {
    if (!Number.isSafeInteger(change.overdraftLimit) || change.overdraftLimit < 0) {
      throw new RangeError(
        `An overdraft limit is a whole, non-negative number of paise; got ${change.overdraftLimit}.`,
      );
    }
    if (change.overdraftLimit > LEDGER_AMOUNT_LIMIT) {
      throw new LedgerError('out-of-range', "An overdraft limit is beyond the ledger's limit.");
    }
  }
  // Keys are unique per actor: a key without one would never match and protect nothing.
  if (event.idempotencyKey && !event.actorId) {
    throw new RangeError('An idempotency key needs the actor it belongs to.');
  }
  const id = randomUUID();
  return {
    id,
    type: event.type,
    stream: event.stream,
    data: event.data ?? {},
    metadata: event.metadata ?? {},
    actorId: event.actorId ?? null,
    idempotencyKey: event.idempotencyKey ?? null,
    requestHash: event.requestHash ?? null,
    legs: event.legs.map((leg) => ({
      account: leg.accountId,
      amount: leg.amount,
      ...(leg.ceiling !== undefined && { ceiling: leg.ceiling }),
    })),
    holds: (event.holds ?? []).map(toHoldPayload),
    limits: (event.limits ?? []).map((change) => ({
      account: change.accountId,
      overdraftLimit: change.overdraftLimit,
    })),
  };
}

function toHoldPayload(hold: HoldOperation) {
  switch (hold.op) {
    case 'place':
      assertPositive(hold.amount);
      return {
        op: 'place',
        hold: hold.holdId,
        account: hold.accountId,
        amount: hold.amount,
        expiresAt: hold.expiresAt?.toISOString() ?? null,
      };
    case 'post':
      assertPositive(hold.amount);
      return { op: 'post', hold: hold.holdId, amount: hold.amount };
    case 'void':
      return { op: 'void', hold: hold.holdId };
  }
}

function assertPaise(amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount === 0) {
    throw new RangeError(`A leg moves a whole, non-zero number of paise; got ${amount}.`);
  }
  if (Math.abs(amount) > LEDGER_AMOUNT_LIMIT) {
    throw new LedgerError('out-of-range', `A leg of ${amount} paise is beyond the ledger's limit.`);
  }
}

function assertPositive(amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A hold amount is a positive whole number of paise; got ${amount}.`);
  }
}
