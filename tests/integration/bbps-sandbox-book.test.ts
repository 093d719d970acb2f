import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BBPS_TRANSACTION_DISPOSITIONS, DHBVN_BILLER_ID, RUPEE } from '@khata/domain';
import { DataSource } from 'typeorm';
import { PostgresBbpsSandboxBook } from '../../apps/api/src/bbps/bbps-sandbox-book.repository.js';
import type { BbpsPayRequest } from '../../apps/api/src/bbps/bbps-provider.js';
import { sandboxBbpsParams } from '../../apps/api/src/bbps/sandbox-bbps-catalogue.js';
import { SandboxBbpsProvider } from '../../apps/api/src/bbps/sandbox-bbps-provider.js';
import { Clock } from '../../apps/api/src/common/clock.js';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { RailUnavailableError } from '../../apps/api/src/rail/rail-adapter.js';
import { createTestDatabase } from '../support/databases.js';
import { currentTestRun } from '../support/run.mjs';

/**
 * The sandbox BBPS provider on its Postgres book (no HTTP, no app): the migration's tables take
 * a reference once even under parallel sends, settle a pending one in place, count every call,
 * and number complaints from their sequence.
 */
describe('the sandbox BBPS provider’s book in Postgres', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;
  let db: Db;
  let provider: SandboxBbpsProvider;

  const clock = new (class extends Clock {
    now() {
      return new Date('2026-11-28T10:00:00Z');
    }
  })();
  const request = (code: string, reference = `ref-${code}`): BbpsPayRequest => ({
    reference,
    refId: reference
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .padEnd(35, '0'),
    billerId: DHBVN_BILLER_ID,
    params: sandboxBbpsParams(DHBVN_BILLER_ID, code),
    customerMobile: '9876543210',
    amount: 1_234 * RUPEE,
    ccf: 0,
    fetchRef: 'SBXF0000',
    agent: {
      terminalId: 'KH000001',
      mobile: '9812345678',
      geocode: '28.4595,77.0266',
      postalCode: '122001',
    },
  });
  const calls = async (reference: string) => {
    const { rows } = await db.query<{ call: string; n: number }>(
      `SELECT call, count(*)::int AS n FROM sandbox_bbps_calls WHERE reference = $1
        GROUP BY call ORDER BY call`,
      [reference],
    );
    return Object.fromEntries(rows.map((row) => [row.call, row.n]));
  };

  beforeAll(async () => {
    database = await createTestDatabase(currentTestRun());
    dataSource = new DataSource(dataSourceOptions(database.url, 'khata-bbps-book-test'));
    await dataSource.initialize();
    db = new Db(dataSource);
    provider = new SandboxBbpsProvider(new PostgresBbpsSandboxBook(db), clock);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('takes a reference once under twenty parallel sends: every send answers the same', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => provider.send(request('42', 'ref-burst'))),
    );
    expect(answers[0]).toMatchObject({
      status: 'processed',
      utr: expect.stringMatching(/^CC012611[A-Z]{4}[0-9]{8}$/),
      details: { responseCode: '000' },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM sandbox_bbps_payments WHERE reference = $1',
      ['ref-burst'],
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(await calls('ref-burst')).toEqual({ send: 20 });
    expect(await provider.status('ref-burst')).toEqual(answers[0]);
  });

  it('settles 22 on the third enquiry, with the pending row changed in place', async () => {
    expect(await provider.send(request('22'))).toEqual({ status: 'pending' });
    expect(await provider.status('ref-22')).toEqual({ status: 'pending' });
    expect(await provider.status('ref-22')).toEqual({ status: 'pending' });
    expect(await provider.status('ref-22')).toMatchObject({ status: 'processed' });
    const { rows } = await db.query(
      `SELECT status, status_checks AS checks, txn_ref_id IS NOT NULL AS "hasTxnRef",
              amount, ccf
         FROM sandbox_bbps_payments WHERE reference = 'ref-22'`,
    );
    expect(rows).toEqual([
      { status: 'processed', checks: 3, hasTxnRef: true, amount: 1_234 * RUPEE, ccf: 0 },
    ]);
  });

  it('takes nothing while down (24) but counts the call; the enquiry finds nothing', async () => {
    await expect(provider.send(request('24'))).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await provider.status('ref-24')).toEqual({ status: 'not-found' });
    expect(await calls('ref-24')).toEqual({ send: 1, status: 1 });
  });

  it('counts fetches by biller', async () => {
    const before = await new PostgresBbpsSandboxBook(db).calls('fetch', DHBVN_BILLER_ID);
    const fetch = {
      billerId: DHBVN_BILLER_ID,
      params: sandboxBbpsParams(DHBVN_BILLER_ID, '42'),
      customerMobile: '9876543210',
      agent: request('42').agent,
    };
    const first = await provider.fetchBill(fetch);
    expect(await provider.fetchBill(fetch)).toEqual(first);
    expect(await new PostgresBbpsSandboxBook(db).calls('fetch', DHBVN_BILLER_ID)).toBe(before + 2);
  });

  it('numbers complaints from its sequence and steps them logged → assigned → resolved', async () => {
    const paid = await provider.send(request('43'));
    if (paid.status !== 'processed') throw new Error('not paid');
    const complaint = {
      type: 'transaction' as const,
      txnRefId: paid.utr,
      disposition: BBPS_TRANSACTION_DISPOSITIONS[3],
      description: 'Debited twice.',
      party: null,
      billerId: null,
      agentId: null,
      customerMobile: '9876543210',
    };
    const first = await provider.registerComplaint(complaint);
    const second = await provider.registerComplaint(complaint);
    if (!first.ok || !second.ok) throw new Error('refused');
    expect(first.complaintId).toMatch(/^CC012611[0-9]{7}$/);
    expect(Number(second.complaintId.slice(-7))).toBe(Number(first.complaintId.slice(-7)) + 1);
    const steps = [];
    for (let i = 0; i < 3; i++) steps.push(await provider.complaintStatus(first.complaintId));
    expect(steps.map((step) => [step?.status, step?.assignedTo, Boolean(step?.remarks)])).toEqual([
      ['assigned', 'Dakshin Haryana Bijli Vitran Nigam', false],
      ['resolved', 'Dakshin Haryana Bijli Vitran Nigam', true],
      ['resolved', 'Dakshin Haryana Bijli Vitran Nigam', true],
    ]);
    expect(await provider.complaintStatus('CC0126119999999')).toBeUndefined();
    expect(
      await provider.registerComplaint({ ...complaint, txnRefId: 'CC012611ABCD00000001' }),
    ).toMatchObject({ ok: false });
  });
});
