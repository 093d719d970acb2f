import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RUPEE, verhoeffDigit } from '@khata/domain';
import { DataSource } from 'typeorm';
import { PostgresAepsSandboxBook } from '../../apps/api/src/aeps/aeps-sandbox-book.repository.js';
import type { AepsRequest } from '../../apps/api/src/aeps/aeps-provider.js';
import { SandboxAepsProvider } from '../../apps/api/src/aeps/sandbox-aeps-provider.js';
import { Clock } from '../../apps/api/src/common/clock.js';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { RailUnavailableError } from '../../apps/api/src/rail/rail-adapter.js';
import { createTestDatabase } from '../support/databases.js';
import { currentTestRun } from '../support/run.mjs';

/**
 * The sandbox AEPS provider on its Postgres book (no HTTP, no app): the migration's tables
 * take a reference once, settle a pending one, keep the mini statement's lines, count every
 * call, and hold no more of the Aadhaar number than its last 4 digits.
 */
describe('the sandbox AEPS provider’s book in Postgres', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;
  let db: Db;
  let provider: SandboxAepsProvider;

  const clock = new (class extends Clock {
    now() {
      return new Date('2026-11-28T10:00:00Z');
    }
  })();
  const pid = '<PidData><Resp errCode="0" qScore="84"/><Data type="X">SANDBOX</Data></PidData>';
  const aadhaarWith = (code: string) => `234567891${code}${verhoeffDigit(`234567891${code}`)}`;
  const request = (code: string, kind: AepsRequest['kind'] = 'withdrawal'): AepsRequest => ({
    reference: `ref-${kind}-${code}`,
    kind,
    aadhaar: aadhaarWith(code),
    pid,
    bankIin: '607094',
    mobile: '9876543210',
    amount: kind === 'withdrawal' ? 2_500 * RUPEE : 0,
    shopId: 'shop-1',
    agentAuthReference: null,
  });
  const calls = async (reference: string) => {
    const { rows } = await db.query<{ call: string; n: number }>(
      `SELECT call, count(*)::int AS n FROM sandbox_aeps_calls WHERE reference = $1
        GROUP BY call ORDER BY call`,
      [reference],
    );
    return Object.fromEntries(rows.map((row) => [row.call, row.n]));
  };

  beforeAll(async () => {
    database = await createTestDatabase(currentTestRun());
    dataSource = new DataSource(dataSourceOptions(database.url, 'khata-aeps-book-test'));
    await dataSource.initialize();
    db = new Db(dataSource);
    provider = new SandboxAepsProvider(new PostgresAepsSandboxBook(db), clock);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('takes a reference once: a second send answers the first and both are counted', async () => {
    const first = await provider.send(request('42'));
    expect(first).toMatchObject({ status: 'processed', utr: expect.stringMatching(/^\d{12}$/) });
    expect(await provider.send(request('42'))).toEqual(first);
    expect(await provider.status('ref-withdrawal-42')).toEqual(first);
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM sandbox_aeps_transactions WHERE reference = $1',
      ['ref-withdrawal-42'],
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(await calls('ref-withdrawal-42')).toEqual({ send: 2, status: 1 });
  });

  it('keeps the mini statement’s lines and the balance through the jsonb and bigint columns', async () => {
    const sent = await provider.send(request('42', 'statement'));
    expect(sent).toMatchObject({ status: 'processed' });
    expect(await provider.status('ref-statement-42')).toEqual(sent);
    const [row] = (
      await db.query<{ lines: number; balance: number }>(
        `SELECT jsonb_array_length(statement) AS lines, balance_paise AS balance
           FROM sandbox_aeps_transactions WHERE reference = 'ref-statement-42'`,
      )
    ).rows;
    expect(row).toEqual({ lines: 5, balance: expect.any(Number) });
    expect(row!.balance).toBeGreaterThan(12_000 * RUPEE);
  });

  it('settles 05 on the third enquiry, with the pending row changed in place', async () => {
    expect(await provider.send(request('05'))).toEqual({ status: 'pending' });
    expect(await provider.status('ref-withdrawal-05')).toEqual({ status: 'pending' });
    expect(await provider.status('ref-withdrawal-05')).toEqual({ status: 'pending' });
    expect(await provider.status('ref-withdrawal-05')).toMatchObject({ status: 'processed' });
    const { rows } = await db.query(
      `SELECT status, status_checks AS checks, rrn IS NOT NULL AS "hasRrn"
         FROM sandbox_aeps_transactions WHERE reference = 'ref-withdrawal-05'`,
    );
    expect(rows).toEqual([{ status: 'processed', checks: 3, hasRrn: true }]);
  });

  it('keeps a debited failure’s flag, and takes nothing while down (06) but counts the call', async () => {
    expect(await provider.send(request('04'))).toMatchObject({
      status: 'failed',
      details: { bankDebited: true },
    });
    await expect(provider.send(request('06'))).rejects.toBeInstanceOf(RailUnavailableError);
    await expect(provider.status('ref-withdrawal-06')).rejects.toBeInstanceOf(RailUnavailableError);
    const { rows } = await db.query(
      `SELECT reference, bank_debited AS debited FROM sandbox_aeps_transactions
        WHERE reference IN ('ref-withdrawal-04', 'ref-withdrawal-06')`,
    );
    expect(rows).toEqual([{ reference: 'ref-withdrawal-04', debited: true }]);
    expect(await calls('ref-withdrawal-06')).toEqual({ send: 1, status: 1 });
  });

  it('holds no Aadhaar number and no PID: only the last 4 digits', async () => {
    const { rows } = await db.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM sandbox_aeps_transactions t
       UNION ALL SELECT row_to_json(c)::text FROM sandbox_aeps_calls c`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const { row } of rows) {
      expect(row).not.toMatch(/234567891\d{3}/);
      expect(row).not.toContain('PidData');
      expect(row).not.toContain('SANDBOX');
    }
    await expect(
      db.query(
        `INSERT INTO sandbox_aeps_calls (reference, call, aadhaar_last4)
         VALUES ('x', 'send', $1)`,
        [aadhaarWith('42')],
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
