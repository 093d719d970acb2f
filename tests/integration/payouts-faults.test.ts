import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { JobQueue } from '../../apps/api/src/jobs/job-queue.js';
import { processPayoutJob } from '../../apps/api/src/payouts/process-payout.job.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  payoutReaches,
  payoutRow,
  railCalls,
  railTransfers,
  saveBeneficiary,
  streamEvents,
  type SavedBeneficiary,
} from '../support/payouts.js';
import {
  privateRedis,
  type PrivateRedis,
  startWorkerProcess,
  type ChildWorker,
  unusedPort,
} from '../support/processes.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Body = { message?: string; transactionRecord: { _id: string; status: string } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function payer(api: TestApi, rupees: number) {
  const user = await given(api).user();
  await fund(api, user, rupees * 100);
  return { user, token: await signIn(api, user) };
}

function pay(
  api: TestApi,
  who: { user: GivenUser; token: string },
  payee: SavedBeneficiary,
  amount: number,
) {
  return call<Body>(`${api.url}/api/payment/bankTransfer`, {
    body: {
      amount,
      beneficiaryName: payee.name,
      beneficiaryAccountNumber: payee.accountNumber,
      beneficiaryIfscCode: payee.ifsc,
      paymentMode: 'IMPS',
    },
    headers: { ...bearer(who.token), pin: who.user.pin, 'idempotency-key': randomUUID() },
  });
}

/**
 * Each payout ends in one terminal state with its one terminal event, paid at most once. The
 * `processing` event is there only if a look found the payout still in flight (issue 15).
 */
async function expectSettledOnce(api: TestApi, id: string, status: string) {
  const events = await streamEvents(api, `payout:${id}`);
  expect([
    ['payout.requested', `payout.${status}`],
    ['payout.requested', 'payout.processing', `payout.${status}`],
  ]).toContainEqual(events);
  expect(await railTransfers(api, id)).toBe(1);
  expect(await ledgerViolations(api)).toEqual([]);
}

describe('a worker process killed with SIGKILL in the middle of a payout', () => {
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

  it('is paid once after the worker restarts, and ends in one terminal state', async () => {
    const from = await payer(api, 1000);
    const payee = await saveBeneficiary(api, from.user);
    const timings = { PAYOUT_STALE_AFTER_MS: '1500', PAYOUT_SWEEP_INTERVAL_MS: '300' };
    // A slow bank: the kill lands while the worker waits for its answer.
    worker = startWorkerProcess(api, { ...timings, RAIL_SANDBOX_LATENCY_MS: '5000' });

    const answer = await pay(api, from, payee, 600);
    expect(answer.status).toBe(200);
    const id = answer.body.transactionRecord._id;
    // The sandbox logs the call, then takes the transfer, then waits: kill in the wait.
    await eventually(
      async () =>
        (await railCalls(api, id)).send === 1 && (await railTransfers(api, id)) === 1
          ? true
          : undefined,
      60_000,
    );
    await worker.kill();

    // The bank took the transfer; nobody heard its answer.
    expect(await payoutRow(api, id)).toMatchObject({ status: 'processing', sends: 1 });
    expect(await railTransfers(api, id)).toBe(1);
    expect(await accountOf(api, from.user.id)).toEqual({
      posted: 100000,
      pending: 61500,
      available: 38500,
    });

    worker = startWorkerProcess(api, { ...timings, RAIL_SANDBOX_LATENCY_MS: '0' });
    const done = await payoutReaches(api, id, ['processed', 'failed', 'reversed'], 60_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${worker?.output()}`);
      },
    );
    expect(done).toMatchObject({ status: 'processed', sends: 1 });
    // Asked, never sent again.
    const calls = await railCalls(api, id);
    expect(calls.send).toBe(1);
    expect(calls.status).toBeGreaterThanOrEqual(1);
    expect(await accountOf(api, from.user.id)).toEqual({
      posted: 38500,
      pending: 0,
      available: 38500,
    });
    await expectSettledOnce(api, id, 'processed');

    // A second enqueue of the same payout, under its own id and another, runs nothing twice.
    const jobs = api.app.get(JobQueue);
    await jobs.enqueue(processPayoutJob, { payoutId: id }, { jobId: `payout-${id}` });
    await jobs.enqueue(processPayoutJob, { payoutId: id }, { jobId: `payout-${id}-again` });
    await sleep(1500);
    await expectSettledOnce(api, id, 'processed');
    expect((await railCalls(api, id)).send).toBe(1);
    await worker.stop();
    worker = undefined;
  }, 150_000);
});

describe('Redis down when a payout is requested', () => {
  let redis: PrivateRedis;
  let api: TestApi;

  beforeAll(async () => {
    redis = privateRedis(await unusedPort());
    await redis.start();
    api = await startTestApi({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await redis.start();
    await api.close();
    await redis.stop();
  });

  it('keeps the payout in the outbox until Redis is back, then pays it once', async () => {
    const from = await payer(api, 1000);
    const payee = await saveBeneficiary(api, from.user);

    await redis.stop();
    const answer = await pay(api, from, payee, 200);
    expect(answer.status).toBe(200);
    const id = answer.body.transactionRecord._id;
    expect(answer.body.transactionRecord.status).toBe('queued');
    await sleep(2500);
    const [waiting] = await query<{ relayed_at: Date | null; attempts: number }>(
      api,
      'SELECT relayed_at, attempts FROM payout_outbox WHERE payout_id = $1',
      [id],
    );
    expect(waiting!.relayed_at).toBeNull();
    expect(await payoutRow(api, id)).toMatchObject({ status: 'queued', sends: 0 });
    expect(await accountOf(api, from.user.id)).toMatchObject({ pending: 20000 + 1500 });

    await redis.start();
    const done = await payoutReaches(api, id, ['processed', 'failed', 'reversed'], 30_000);
    expect(done).toMatchObject({ status: 'processed', sends: 1 });
    const [relayed] = await query<{ relayed_at: Date | null }>(
      api,
      'SELECT relayed_at FROM payout_outbox WHERE payout_id = $1',
      [id],
    );
    expect(relayed!.relayed_at).not.toBeNull();
    expect(await railCalls(api, id)).toEqual({ send: 1, status: 0 });
    expect(await accountOf(api, from.user.id)).toEqual({
      posted: 78500,
      pending: 0,
      available: 78500,
    });
    await expectSettledOnce(api, id, 'processed');
  }, 90_000);
});
