import { describe, expect, it } from '@jest/globals';
import { GENESIS_HASH, postingHash } from './hash.js';
import { Ledger } from './ledger.js';

describe('postingHash', () => {
  it('chains: a different previous hash, amount or account gives a different link', () => {
    const account = '0b6d1f8e-6a51-4c3e-9a8f-2f0f1e4a9b10';
    const link = postingHash(GENESIS_HASH, 1n, account, 100n);
    expect(link).toHaveLength(32);
    expect(postingHash(GENESIS_HASH, 1n, account, 100n).equals(link)).toBe(true);
    expect(postingHash(link, 1n, account, 100n).equals(link)).toBe(false);
    expect(postingHash(GENESIS_HASH, 1n, account, -100n).equals(link)).toBe(false);
    expect(postingHash(GENESIS_HASH, 2n, account, 100n).equals(link)).toBe(false);
  });
});

describe('Ledger.append', () => {
  const refusingDb = { query: () => Promise.reject(new Error('no database in a unit test')) };

  it.each([0, 1.5, Number.MAX_SAFE_INTEGER + 1, NaN])(
    'refuses a leg of %p paise before touching the database',
    async (amount) => {
      const ledger = new Ledger(refusingDb);
      await expect(
        ledger.append({
          type: 't',
          stream: 's',
          legs: [
            { accountId: 'a', amount },
            { accountId: 'b', amount: -amount },
          ],
        }),
      ).rejects.toThrow(RangeError);
    },
  );
});

describe('Ledger.append idempotency', () => {
  it('refuses an idempotency key without the actor it belongs to', async () => {
    const ledger = new Ledger({
      query: () => Promise.reject(new Error('no database in a unit test')),
    });
    await expect(
      ledger.append({ type: 't', stream: 's', legs: [], idempotencyKey: 'key-1234' }),
    ).rejects.toThrow('An idempotency key needs the actor it belongs to.');
  });
});

describe('Ledger.systemAccount', () => {
  it('reads the system accounts once per process, whichever ledger `within` made asks first', async () => {
    const reads: string[] = [];
    const rows = Array.from({ length: 16 }, (_, shard) => ({
      id: `fee-${shard}`,
      code: `system:fee_income/${shard}`,
    }));
    const db = {
      query: (sql: string) => {
        reads.push(sql);
        return Promise.resolve({ rows, rowCount: rows.length });
      },
    };
    const ledger = new Ledger(db as never);
    const inTransaction = ledger.within(db as never);
    expect(await inTransaction.systemAccount('system:fee_income')).toMatch(/^fee-\d+$/);
    expect(await ledger.systemAccount('system:fee_income')).toMatch(/^fee-\d+$/);
    expect(await ledger.within(db as never).systemAccount('system:fee_income')).toMatch(/^fee-/);
    expect(reads).toHaveLength(1);
    await expect(ledger.systemAccount('system:tds_payable')).rejects.toThrow(
      'No system account system:tds_payable.',
    );
  });
});
