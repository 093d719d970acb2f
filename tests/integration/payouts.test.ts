import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { JobQueue } from '../../apps/api/src/jobs/job-queue.js';
import { PayoutProcessor } from '../../apps/api/src/payouts/payout-processor.js';
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
  systemBalance,
} from '../support/payouts.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Body = Record<string, unknown> & {
  transactionRecord: Record<string, unknown> & { _id: string; status: string };
};

/**
 * The payout pipeline end to end on the real API, Postgres, Redis, BullMQ worker (this process
 * runs the jobs, KHATA_PROCESS=all) and the sandbox rail, whose account-number endings choose
 * the bank's answer. The sandbox is slowed down so each step can be seen. The processor's
 * own behaviour against each kind of bank answer (timeouts, pending, resends, returns found by
 * the sweep) is in tests/medium/payout-processor.test.ts, with a scripted bank and clock.
 */
describe('payouts through the outbox, the queue and the bank rail', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({
      LOG_LEVEL: process.env.PAYOUT_TEST_LOG ?? 'silent',
      RAIL_SANDBOX_LATENCY_MS: '300',
      RAIL_SANDBOX_RETURN_AFTER_MS: '200',
      // The sweep asks about late returns a second after payment, every 300 ms.
      PAYOUT_RETURN_CHECK_AFTER_MS: '1000',
      PAYOUT_SWEEP_INTERVAL_MS: '300',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  const sockets = socketClients();
  afterAll(async () => {
    sockets.closeAll();
    await api.close();
  });

  const headers = (token: string, pin: string, key: string = randomUUID()) => ({
    ...bearer(token),
    pin,
    'idempotency-key': key,
  });

  async function retailer(rupees: number) {
    const user = await given(api).user();
    // Projected in its append: unprojected, the catch-up job (every 10 s) would announce the
    // funding late with the balance read then, and a socket counting this payer's balance
    // updates would hear one more (CI, session 22: 485, 485, 485).
    if (rupees) await fund(api, user, rupees * 100, 'wallet', { projected: true });
    return { user, token: await signIn(api, user) };
  }

  async function pay(
    who: { user: GivenUser; token: string },
    beneficiary: { accountNumber: string; ifsc: string; name: string },
    amount: number | string,
    extra: Record<string, unknown> = {},
    key?: string,
  ) {
    return call<Body>(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount,
        beneficiaryName: beneficiary.name,
        beneficiaryAccountNumber: beneficiary.accountNumber,
        beneficiaryIfscCode: beneficiary.ifsc,
        paymentMode: 'IMPS',
        ...extra,
      },
      headers: headers(who.token, who.user.pin, key),
    });
  }

  it('pays a saved beneficiary: queued at once, then processed with a UTR, hold posted, fee charged', async () => {
    const payer = await retailer(1000);
    const payee = await saveBeneficiary(api, payer.user, { ending: '123' });
    // The payer watches on a socket, as the console does.
    const live = await sockets.connect(api, { token: payer.token });
    const [feeBefore, settledBefore] = [
      await systemBalance(api, 'system:fee_income'),
      await systemBalance(api, 'system:bank_settlement'),
    ];

    const answer = await pay(payer, payee, '500');
    expect(answer.status).toBe(200);
    const record = answer.body.transactionRecord;
    expect(answer.body).toMatchObject({ success: true });
    expect(record).toMatchObject({
      type: 'payout',
      status: 'queued',
      direction: 'debit',
      amount: { amount: 500 },
      fee: 15,
      externalRef: null,
      remitterMobile: payer.user.mobile,
      payload: {
        orderID: expect.stringMatching(/^KH\d{10}$/),
        data: {
          beneficiaryName: payee.name,
          beneficiaryAccountNumber: `${'X'.repeat(payee.accountNumber.length - 4)}${payee.accountNumber.slice(-4)}`,
          beneficiaryIfscCode: 'SBIN0001234',
          paymentMode: 'IMPS',
        },
      },
    });
    // Step 1: answered before the bank: amount + fee held, nothing posted yet.
    const held = await payoutRow(api, record._id);
    expect(['queued', 'processing']).toContain(held.status);
    expect(await accountOf(api, payer.user.id)).toEqual({
      posted: 100000,
      pending: 51500,
      available: 48500,
    });

    // Step 2: processed by the worker through the rail, exactly one send.
    const done = await payoutReaches(api, record._id, ['processed', 'failed', 'reversed']);
    expect(done).toMatchObject({ status: 'processed', sends: 1 });
    expect(done.utr).toMatch(/^SBXN[0-9A-F]{18}$/);
    expect(await accountOf(api, payer.user.id)).toEqual({
      posted: 48500,
      pending: 0,
      available: 48500,
    });
    // The ₹15 fee: GST inside it (18/118, ₹2.29) owed, the rest the company's (no uplines).
    expect((await systemBalance(api, 'system:fee_income')) - feeBefore).toBe(1500 - 229);
    expect((await systemBalance(api, 'system:bank_settlement')) - settledBefore).toBe(50000);
    expect(await streamEvents(api, `payout:${record._id}`)).toEqual([
      'payout.requested',
      'payout.processed',
    ]);
    expect(await railCalls(api, record._id)).toEqual({ send: 1, status: 0 });
    expect(await railTransfers(api, record._id)).toBe(1);

    // The socket heard each status of this payout, and the balance after the hold
    // and after the payment (spec: the user watches the status change live).
    const done$ = await heard<{ _id: string; status: string; externalRef: string }>(
      live,
      'transaction.updated',
      (update) => update._id === record._id && update.status === 'processed',
    );
    expect(done$.externalRef).toBe(done.utr);
    const statuses = live.heard
      .filter((e) => e.event === 'transaction.updated')
      .map((e) => (e.data as { status: string }).status);
    // Each change once; the request's and the worker's projections may cross on the wire. The
    // bank's answer to the send settled it, so no `processing` in between (issue 15).
    expect([...statuses].sort()).toEqual(['processed', 'queued']);
    const balances = live.heard
      .filter((e) => e.event === 'balance.updated')
      .map((e) => (e.data as { balance: number }).balance);
    expect(balances).toEqual([485, 485]);

    // The receipt through checkLastTransaction shows the bank's reference and the balance.
    const last = await call<{ data: Record<string, unknown>[] }>(
      `${api.url}/api/user/checkLastTransaction`,
      {
        body: { accountNumber: payee.accountNumber, ifsc: payee.ifsc },
        headers: bearer(payer.token),
      },
    );
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual([
      expect.objectContaining({
        _id: record._id,
        status: 'processed',
        externalRef: done.utr,
        balanceAfter: 485,
        payload: record.payload,
      }),
    ]);

    // The transaction read model, projected from the ledger events alone, tells the same story.
    const projected = await eventually(async () => {
      const receipt = await call<Body>(`${api.url}/api/user/transaction`, {
        body: { id: record._id },
        headers: bearer(payer.token),
      });
      return receipt.body.transactionRecord?.status === 'processed' ? receipt : undefined;
    });
    expect(projected.body.transactionRecord).toEqual({
      ...last.body.data[0],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('orders every balance answer and push by the ledger: a hold placed, then released, each newer', async () => {
    // Issue 23: the console drops a push or answer older than what it shows, so each must carry
    // the ledger's version of the figures, and a hold's place and release must move it (the
    // posting count alone does not move on a hold).
    const payer = await retailer(1000);
    const closed = await saveBeneficiary(api, payer.user, { ending: '001' });
    const live = await sockets.connect(api, { token: payer.token });
    type Shown = { balance: number; available: number; version: number };
    const checkBalance = async () =>
      (
        await call<Shown>(`${api.url}/api/user/checkBalance`, {
          body: {},
          headers: bearer(payer.token),
        })
      ).body;
    const before = await checkBalance();
    expect(before).toMatchObject({ balance: 1000, available: 1000, version: expect.any(Number) });

    const answer = await pay(payer, closed, 300);
    expect(answer.status).toBe(200);
    const held = await heard<Shown>(live, 'balance.updated', (u) => u.balance < 1000);
    expect(held.version).toBeGreaterThan(before.version);
    const failed = await payoutReaches(api, answer.body.transactionRecord._id, ['failed']);
    expect(failed.status).toBe('failed');
    // The release of the hold is pushed with a newer version than the hold's, and the balance
    // call answers that same version afterwards.
    const released = await heard<Shown>(
      live,
      'balance.updated',
      (u) => u.balance === 1000 && u.version > held.version,
    );
    expect(released).toMatchObject({ balance: 1000, available: 1000 });
    expect(await checkBalance()).toMatchObject({ balance: 1000, version: released.version });
    const versions = live.heard
      .filter((e) => e.event === 'balance.updated')
      .map((e) => (e.data as Shown).version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('returns amount and fee exactly once when the bank refuses, however often the job runs', async () => {
    const payer = await retailer(1000);
    const closed = await saveBeneficiary(api, payer.user, { ending: '001' });
    const feeBefore = await systemBalance(api, 'system:fee_income');

    const answer = await pay(payer, closed, 300);
    expect(answer.status).toBe(200);
    const id = answer.body.transactionRecord._id;
    const failed = await payoutReaches(api, id, ['processed', 'failed', 'reversed']);
    expect(failed).toMatchObject({ status: 'failed', message: 'Beneficiary account is closed.' });

    // Run it again every way there is: a second job, and the processor directly.
    await api.app
      .get(JobQueue)
      .enqueue(processPayoutJob, { payoutId: id }, { jobId: `payout-${id}-again` });
    await api.app.get(PayoutProcessor).advance(id, { by: 'sweep' }, { checkReturn: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));

    expect(await accountOf(api, payer.user.id)).toEqual({
      posted: 100000,
      pending: 0,
      available: 100000,
    });
    expect(await systemBalance(api, 'system:fee_income')).toBe(feeBefore);
    expect(await streamEvents(api, `payout:${id}`)).toEqual(['payout.requested', 'payout.failed']);
    expect(await railCalls(api, id)).toEqual({ send: 1, status: 0 });
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('books a late return after processed as a new reversing event, once', async () => {
    const payer = await retailer(1000);
    const payee = await saveBeneficiary(api, payer.user, { ending: '002' });
    const [feeBefore, settledBefore] = [
      await systemBalance(api, 'system:fee_income'),
      await systemBalance(api, 'system:bank_settlement'),
    ];
    const id = (await pay(payer, payee, 400)).body.transactionRecord._id;
    const processed = await payoutReaches(api, id, ['processed', 'failed', 'reversed']);
    expect(processed.status).toBe('processed');
    expect(await accountOf(api, payer.user.id)).toMatchObject({ posted: 100000 - 41500 });

    await new Promise((resolve) => setTimeout(resolve, 300));
    const checks = await Promise.all(
      [1, 2, 3].map(() =>
        call<Body>(`${api.url}/api/admin/payouts/checkStatus`, {
          body: { id },
          headers: bearer(adminToken),
        }),
      ),
    );
    for (const check of checks) {
      expect(check.status).toBe(200);
      expect(check.body.transactionRecord).toMatchObject({
        status: 'reversed',
        externalRef: processed.utr,
        message: 'Returned by the beneficiary bank: account frozen.',
      });
    }
    expect(await accountOf(api, payer.user.id)).toEqual({
      posted: 100000,
      pending: 0,
      available: 100000,
    });
    expect(await systemBalance(api, 'system:fee_income')).toBe(feeBefore);
    expect(await systemBalance(api, 'system:bank_settlement')).toBe(settledBefore);
    expect(await streamEvents(api, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processed',
      'payout.returned',
    ]);
    expect(await railCalls(api, id)).toMatchObject({ send: 1 });
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('answers 20 simultaneous copies of one request with one payout', async () => {
    const payer = await retailer(1000);
    const payee = await saveBeneficiary(api, payer.user);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(payer, payee, 120, {}, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((answer) => answer.body.transactionRecord._id));
    expect(ids.size).toBe(1);
    expect(
      answers.filter((answer) => answer.headers.get('idempotency-hit') === 'true'),
    ).toHaveLength(19);
    const [id] = [...ids] as [string];
    await payoutReaches(api, id, ['processed']);
    expect(await accountOf(api, payer.user.id)).toMatchObject({
      posted: 100000 - 13500,
      pending: 0,
    });
    expect(await railCalls(api, id)).toEqual({ send: 1, status: 0 });

    const replay = await pay(payer, payee, 120, {}, key);
    expect(replay.headers.get('idempotency-hit')).toBe('true');
    expect(replay.body.transactionRecord).toMatchObject({ _id: id, status: 'processed' });
    const other = await pay(payer, payee, 121, {}, key);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      'This Idempotency-Key was already used for a different request.',
    );
  });
});
