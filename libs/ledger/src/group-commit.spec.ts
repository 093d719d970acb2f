import { describe, expect, it } from '@jest/globals';
import { LedgerError } from './errors.js';
import { Ledger, type LedgerEvent } from './ledger.js';
import type { SqlClient } from './sql-client.js';

/** What ledger_append_batch answers for one event, given its payload and the attempt number. */
type Answer = (payload: { stream: string }, attempt: number) => Record<string, unknown>;

/**
 * A stand-in for Postgres that answers each batch event by event through `answer`, and notes
 * the batches it was sent: the queueing, splitting and retrying are the batched Ledger's own (AppendBatches).
 * (Integration tests run the real ledger_append_batch.)
 */
function scriptedDb(answer: Answer) {
  const batches: string[][] = [];
  const attempts = new Map<string, number>();
  let inFlight = 0;
  let mostInFlight = 0;
  const db: SqlClient = {
    query: async <Row>(_sql: string, params?: unknown[]) => {
      const events = JSON.parse(String(params![0])) as { stream: string }[];
      batches.push(events.map((event) => event.stream));
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      const rows = events.map((event, i) => {
        const attempt = (attempts.get(event.stream) ?? 0) + 1;
        attempts.set(event.stream, attempt);
        return { ord: i + 1, ...answer(event, attempt) };
      });
      return { rows: rows as Row[], rowCount: rows.length };
    },
  };
  return { db, batches, mostInFlight: () => mostInFlight };
}

const ok = (seq: number) => ({
  seq: String(seq),
  id: `id-${seq}`,
  replayed: false,
  error_code: null,
});
const failed = (code: string, message = code, detail: string | null = null) => ({
  seq: null,
  id: null,
  replayed: null,
  error_code: code,
  error_message: message,
  error_detail: detail,
});

const event = (stream: string): LedgerEvent => ({
  type: 't',
  stream,
  legs: [
    { accountId: 'a', amount: -1 },
    { accountId: 'b', amount: 1 },
  ],
});

describe('Ledger with groupCommit', () => {
  it('sends appends made together as batches of at most maxBatch, no more than concurrency at once', async () => {
    let seq = 0;
    const { db, batches, mostInFlight } = scriptedDb(() => ok(++seq));
    const ledger = new Ledger(db, { groupCommit: { maxBatch: 3, concurrency: 2 } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ledger.append(event(`s${i}`))),
    );
    expect(batches).toEqual([
      ['s0', 's1', 's2'],
      ['s3', 's4', 's5'],
      ['s6', 's7'],
    ]);
    expect(mostInFlight()).toBe(2);
    expect(new Set(answers.map((answer) => answer.seq)).size).toBe(8);
    expect(ledger.backlog).toEqual({ queued: 0, inFlight: 0 });
  });

  it("answers each caller with its own event's result or refusal", async () => {
    const { db } = scriptedDb((payload) =>
      payload.stream === 'poor' ? failed('KL001', 'insufficient funds', 'account-a') : ok(7),
    );
    const ledger = new Ledger(db, { groupCommit: {} });
    const [first, poor] = await Promise.allSettled([
      ledger.append(event('rich')),
      ledger.append(event('poor')),
    ]);
    expect(first).toEqual({
      status: 'fulfilled',
      value: { seq: '7', id: 'id-7', replayed: false },
    });
    expect(poor.status).toBe('rejected');
    const refusal = (poor as PromiseRejectedResult).reason as LedgerError;
    expect(refusal).toBeInstanceOf(LedgerError);
    expect([refusal.kind, refusal.subject]).toEqual(['insufficient-funds', 'account-a']);
  });

  it('sends an event again in a later batch after a unique violation, and calls it contention after three', async () => {
    const { db, batches } = scriptedDb((payload, attempt) =>
      payload.stream === 'twin' && attempt === 1
        ? failed('23505')
        : payload.stream === 'stuck'
          ? failed('40P01')
          : ok(attempt),
    );
    const ledger = new Ledger(db, { groupCommit: { concurrency: 1 } });
    const [twin, stuck, plain] = await Promise.allSettled([
      ledger.append(event('twin')),
      ledger.append(event('stuck')),
      ledger.append(event('plain')),
    ]);
    expect(twin).toEqual({ status: 'fulfilled', value: { seq: '2', id: 'id-2', replayed: false } });
    expect(plain.status).toBe('fulfilled');
    expect((stuck as PromiseRejectedResult).reason).toMatchObject({ kind: 'contention' });
    expect(batches).toEqual([['twin', 'stuck', 'plain'], ['twin', 'stuck'], ['stuck']]);
  });

  it('fails every caller of a batch the database refused as a whole, and goes on with the next', async () => {
    let calls = 0;
    const db: SqlClient = {
      query: async <Row>() => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('connection terminated'), { code: '57P01' });
        return { rows: [{ ord: 1, ...ok(9) }] as Row[], rowCount: 1 };
      },
    };
    const ledger = new Ledger(db, { groupCommit: { concurrency: 1 } });
    const lost = await Promise.allSettled([ledger.append(event('x')), ledger.append(event('y'))]);
    expect(lost.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: '57P01' });
    await expect(ledger.append(event('z'))).resolves.toMatchObject({ seq: '9' });
  });

  it('passes on a database error that is not a refusal with its code', async () => {
    const { db } = scriptedDb(() => failed('22P02', 'invalid input syntax for type uuid'));
    const ledger = new Ledger(db, { groupCommit: {} });
    await expect(ledger.append(event('bad'))).rejects.toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid',
    });
  });
});
