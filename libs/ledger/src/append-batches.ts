import { LedgerError, ledgerErrorOf } from './errors.js';
import type { Appended, LedgerEvent } from './ledger.js';
import { reportAppend } from './observe.js';
import { appendPayload } from './payload.js';
import type { SqlClient } from './sql-client.js';

export interface GroupCommitOptions {
  /**
   * The most events in one transaction (16 unless set: bench:ledger's best with 8 in flight on
   * 2 cores; larger batches lock more accounts and wait on each other more often). At most 64: each event is a subtransaction, and past
   * 64 in one transaction Postgres overflows its per-backend subtransaction cache, which slows
   * every snapshot taken in the database while the batch runs.
   */
  maxBatch?: number;
  /**
   * Batches in flight at once (8 unless set), each on a connection of its own (the pool needs
   * that many). One batch keeps one Postgres backend busy; more use more cores, and one can run
   * while another waits for its commit to reach the disk.
   */
  concurrency?: number;
}

/** One answer row of `ledger_append_batch`: the event's result, or its error. */
interface BatchRow {
  ord: number;
  seq: string | null;
  id: string | null;
  replayed: boolean | null;
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
}

interface Pending {
  payload: Record<string, unknown>;
  attempts: number;
  resolve(appended: Appended): void;
  reject(error: unknown): void;
}

const UNIQUE_VIOLATION = '23505';
const DEADLOCK = '40P01';
/** As Ledger's own retries: a concurrent twin or stream writer committed first. */
const MAX_ATTEMPTS = 3;
const SUBTRANSACTION_CACHE = 64;

/**
 * Group commit, the engine of `new Ledger(db, { groupCommit })`: concurrent callers' appends are queued and sent together, up to
 * `maxBatch` events in one transaction and one round trip (`ledger_append_batch`). A batch
 * leaves as soon as a connection is free for it (`concurrency` batches in flight), after the
 * current turn of the event loop, so callers that append together travel together; while
 * batches are in flight the queue fills, and the next batch takes what gathered.
 *
 * Each caller is answered exactly as `Ledger.append` would answer it: its seq and id, a replay
 * of an earlier request with the same idempotency key, or its own `LedgerError`; a refused event
 * does not fail its neighbours. Events whose unique key or stream version met a concurrent
 * writer (or a deadlock) go again in a later batch, as `Ledger.append` retries them.
 *
 * Only for appends that stand alone: the batch is its own transaction, so an append that must
 * commit with other writes goes through `within(tx)`, which is the plain ledger on that
 * transaction. A lost connection fails its whole batch, which committed all or nothing.
 * A projected append (`{ project: true }`) never joins a batch: it answers the projection too.
 */
export class AppendBatches {
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private flushScheduled = false;

  constructor(
    private readonly db: SqlClient,
    options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 16;
    this.concurrency = options.concurrency ?? 8;
    if (
      !Number.isInteger(this.maxBatch) ||
      this.maxBatch < 1 ||
      this.maxBatch > SUBTRANSACTION_CACHE
    ) {
      throw new RangeError(`maxBatch is 1 to ${SUBTRANSACTION_CACHE}; got ${this.maxBatch}.`);
    }
    if (!Number.isInteger(this.concurrency) || this.concurrency < 1) {
      throw new RangeError(`concurrency is a whole number from 1; got ${this.concurrency}.`);
    }
  }

  append(event: LedgerEvent): Promise<Appended> {
    const startedAt = performance.now();
    return new Promise<Appended>((resolve, reject) => {
      // Checked before it is queued: a malformed event is refused alone, as Ledger refuses it.
      const payload = appendPayload(event);
      this.queue.push({ payload, attempts: 0, resolve, reject });
      this.scheduleFlush();
    }).then(
      (appended) => {
        reportAppend('batched', startedAt, appended.replayed ? 'replayed' : 'appended');
        return appended;
      },
      (error: unknown) => {
        reportAppend('batched', startedAt, error instanceof LedgerError ? 'refused' : 'failed');
        throw error;
      },
    );
  }

  /** Events waiting for a batch and batches in flight: what a graceful stop waits out. */
  get backlog(): { queued: number; inFlight: number } {
    return { queued: this.queue.length, inFlight: this.inFlight };
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.inFlight >= this.concurrency || this.queue.length === 0) {
      return;
    }
    this.flushScheduled = true;
    // After the callers of this turn have queued theirs: they join the batch.
    setImmediate(() => {
      this.flushScheduled = false;
      while (this.inFlight < this.concurrency && this.queue.length > 0) {
        void this.send(this.queue.splice(0, this.maxBatch));
      }
    });
  }

  private async send(batch: Pending[]): Promise<void> {
    this.inFlight += 1;
    try {
      let rows: BatchRow[];
      try {
        ({ rows } = await this.db.query<BatchRow>(
          `SELECT ord, seq::text AS seq, id, replayed, error_code, error_message, error_detail
             FROM ledger_append_batch($1::jsonb)`,
          [JSON.stringify(batch.map((pending) => pending.payload))],
        ));
      } catch (error) {
        // The whole batch rolled back (or the connection went): nothing of it is known to have
        // committed, so every caller hears the error, as a single append's caller would.
        for (const pending of batch) pending.reject(error);
        return;
      }
      const retry: Pending[] = [];
      const unanswered = new Set(batch);
      for (const row of rows) {
        const pending = batch[row.ord - 1];
        if (!pending || !unanswered.delete(pending)) continue;
        if (row.error_code === null) {
          pending.resolve({ seq: row.seq!, id: row.id!, replayed: row.replayed! });
        } else if (row.error_code === UNIQUE_VIOLATION || row.error_code === DEADLOCK) {
          pending.attempts += 1;
          if (pending.attempts < MAX_ATTEMPTS) retry.push(pending);
          else {
            pending.reject(
              new LedgerError('contention', 'The ledger is busy with this account; please retry.'),
            );
          }
        } else {
          pending.reject(eventError(row));
        }
      }
      for (const pending of unanswered) {
        pending.reject(new Error('ledger_append_batch answered no row for this event'));
      }
      // First in the queue again: they were asked for before what queued meanwhile.
      this.queue.unshift(...retry);
    } finally {
      this.inFlight -= 1;
      this.scheduleFlush();
    }
  }
}

/** An event's error as `Ledger.append` would throw it: the ledger's refusal, or the database's. */
function eventError(row: BatchRow): Error {
  const raised = {
    code: row.error_code ?? undefined,
    message: row.error_message ?? 'ledger_append failed',
    detail: row.error_detail ?? undefined,
  };
  return (
    ledgerErrorOf(raised) ??
    Object.assign(new Error(raised.message), { code: raised.code, detail: raised.detail })
  );
}
