import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn } from '../support/given.js';
import { givenDmtBeneficiary, givenRemitter, lastOtpTo } from '../support/dmt.js';
import { accountOf, fund, ledgerViolations, streamEvents } from '../support/payouts.js';
import { startWorkerProcess, type ChildWorker } from '../support/processes.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

/**
 * Issue 25: a worker killed with SIGKILL between the debit (the hold) and the provider's
 * answer. The provider took the transfer; nobody heard its answer. The restarted worker asks
 * (status enquiry) and never sends it again; the money moves once.
 */
describe('a worker process killed with SIGKILL in the middle of a DMT transfer', () => {
  let api: TestApi;
  let worker: ChildWorker | undefined;

  beforeAll(async () => {
    // HTTP only: the jobs run in separate worker processes, as in production.
    api = await startTestApi({ KHATA_PROCESS: 'api' });
  });
  afterAll(async () => {
    await worker?.kill();
    await api.close();
  });

  const calls = async (id: string) => {
    const rows = await query<{ call: string; n: number }>(
      api,
      'SELECT call, count(*)::int AS n FROM sandbox_dmt_calls WHERE reference = $1 GROUP BY call',
      [id],
    );
    const count = (name: string) => rows.find((one) => one.call === name)?.n ?? 0;
    return { send: count('send'), status: count('status') };
  };
  const transferRow = async (id: string) =>
    (
      await query<{ status: string; sends: number }>(
        api,
        'SELECT status, sends FROM dmt_transfers WHERE id = $1',
        [id],
      )
    )[0]!;

  it('is sent once, and the status enquiry after the restart settles it', async () => {
    const user = await given(api).user();
    await fund(api, user, 10_000_00);
    const token = await signIn(api, user);
    const remitter = await givenRemitter(api, user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, user);
    const timings = { DMT_STALE_AFTER_MS: '1500', PAYOUT_SWEEP_INTERVAL_MS: '300' };
    // A slow provider: the kill lands while the worker waits for its answer.
    worker = startWorkerProcess(api, { ...timings, RAIL_SANDBOX_LATENCY_MS: '5000' });

    const body = {
      remitterMobile: remitter.mobile,
      beneficiaryId: beneficiary.id,
      amount: 2000,
      mode: 'IMPS',
    };
    expect(
      (await call(`${api.url}/api/dmt/transfer/otp`, { body, headers: bearer(token) })).status,
    ).toBe(200);
    const sent = await call<{ data: { id: string } }>(`${api.url}/api/dmt/transfer`, {
      body: { ...body, otp: lastOtpTo(api, remitter.mobile) },
      headers: { ...bearer(token), pin: user.pin, 'idempotency-key': randomUUID() },
    });
    expect(sent.status).toBe(200);
    const id = sent.body.data.id;
    // The provider logs the call and takes the transfer, then waits: kill in the wait.
    await eventually(async () => ((await calls(id)).send === 1 ? true : undefined), 60_000);
    await worker.kill();

    expect(await transferRow(id)).toMatchObject({ status: 'processing', sends: 1 });
    expect(await accountOf(api, user.id)).toEqual({
      posted: 10_000_00,
      pending: 2020_00,
      available: 10_000_00 - 2020_00,
    });

    worker = startWorkerProcess(api, { ...timings, RAIL_SANDBOX_LATENCY_MS: '0' });
    const done = await eventually(async () => {
      const row = await transferRow(id);
      return row.status === 'processing' ? undefined : row;
    }, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker?.output()}`);
    });
    expect(done).toMatchObject({ status: 'processed', sends: 1 });
    const after = await calls(id);
    expect(after.send).toBe(1);
    expect(after.status).toBeGreaterThanOrEqual(1);
    expect(await accountOf(api, user.id)).toEqual({
      posted: 10_000_00 - 2020_00,
      pending: 0,
      available: 10_000_00 - 2020_00,
    });
    expect([
      ['dmt.requested', 'dmt.processed'],
      ['dmt.requested', 'dmt.processing', 'dmt.processed'],
    ]).toContainEqual(await streamEvents(api, `dmt:${id}`));
    expect(await ledgerViolations(api)).toEqual([]);
    await worker.stop();
    worker = undefined;
  }, 150_000);
});
