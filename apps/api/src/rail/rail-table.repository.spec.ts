import { describe, expect, it } from '@jest/globals';
import { RailTable } from './rail-table.repository.js';
import { recordingDb } from './testing/recording-db.js';

describe('a rail table', () => {
  it('refuses a table name that is not a plain identifier, before any SQL', () => {
    const { db } = recordingDb();
    expect(() => new RailTable(db, 'payouts; DROP TABLE users')).toThrow(
      'Not a rail table name: payouts; DROP TABLE users',
    );
  });

  it('works the table it was given, in every statement', async () => {
    const { db, statements } = recordingDb();
    const rail = new RailTable(db, 'a_transfers');
    const at = new Date(0);
    expect(await rail.claimSend('id', null, at)).toBe(false);
    await rail.noteStatusCheck(db, 'id', at, null);
    expect(await rail.claimDue(at, at, 1)).toEqual([]);
    expect(statements).toHaveLength(3);
    for (const sql of statements) expect(sql).toMatch(/^UPDATE a_transfers SET /);
    expect(statements[2]).toContain('FROM a_transfers WHERE next_check_at <= $1');
  });
});
