import { describe, expect, it } from '@jest/globals';
import { RailOutboxTable } from './rail-outbox.repository.js';
import { recordingDb } from './testing/recording-db.js';

describe('a rail outbox table', () => {
  it('refuses a table or column name that is not a plain identifier, before any SQL', () => {
    const { db } = recordingDb();
    expect(() => new RailOutboxTable(db, { table: 'x; DROP TABLE y', idColumn: 'id' })).toThrow(
      'Not an outbox table or column name: x; DROP TABLE y',
    );
    expect(() => new RailOutboxTable(db, { table: 'payout_outbox', idColumn: 'Id"' })).toThrow(
      'Not an outbox table or column name',
    );
  });

  it('works the table and id column it was given, in every statement', async () => {
    const { db, statements } = recordingDb();
    const outbox = new RailOutboxTable(db, { table: 'a_outbox', idColumn: 'a_id' });
    const at = new Date(0);
    await outbox.claimOutbox({ at, leaseUntil: at, failedBefore: at, kickedBefore: at, limit: 1 });
    await outbox.markRelayed('id', at);
    await outbox.noteRelayFailure('id', 'down');
    await outbox.releaseOutbox(['id']);
    await outbox.releaseOutbox([]);
    expect(statements).toHaveLength(4);
    for (const sql of statements) {
      expect(sql).toMatch(/^UPDATE a_outbox SET /);
      expect(sql).toMatch(/\bWHERE a_id\b/);
    }
  });
});
