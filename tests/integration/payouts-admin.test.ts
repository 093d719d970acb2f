import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  railCalls,
  saveBeneficiary,
  streamEvents,
  type SavedBeneficiary,
} from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Receipt = { _id: string; status: string; externalRef: string | null; message: string | null };
type Body = { message?: string; transactionRecord: Receipt; data?: unknown[] };

/**
 * Admins move payouts the worker cannot: an HTTP-only process (no worker, no sweep) so nothing
 * else touches the payouts while the test drives them. The provider's webhook, the other way
 * a payout moves without the worker, is applied in tests/medium/payout-processor.test.ts and
 * received over HTTP in rail-webhook.test.ts.
 */
describe('stuck payouts, status checks and manual resolution', () => {
  let api: TestApi;
  const clock = new MovableClock();
  let admin: { user: GivenUser; token: string };

  beforeAll(async () => {
    api = await startTestApi({ KHATA_PROCESS: 'api' }, { clock });
    const user = await given(api).user({ role: 'admin', services: [] });
    admin = { user, token: await signIn(api, user) };
  });
  afterAll(async () => {
    await api.close();
  });

  async function queuedPayout(ending: string, rupees = 100) {
    const user = await given(api).user();
    await fund(api, user, 1000_00);
    const payee: SavedBeneficiary = await saveBeneficiary(api, user, { ending });
    const token = await signIn(api, user);
    const answer = await call<Body>(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount: rupees,
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.accountNumber,
        beneficiaryIfscCode: payee.ifsc,
      },
      headers: { ...bearer(token), pin: user.pin, 'idempotency-key': randomUUID() },
    });
    expect(answer.status).toBe(200);
    return { user, id: answer.body.transactionRecord._id };
  }

  const adminCall = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<Body>(`${api.url}/api/admin/payouts/${path}`, {
      body,
      headers: { ...bearer(admin.token), ...headers },
    });

  it('lists payouts nobody has moved, and a status check takes them through the rail', async () => {
    const { id } = await queuedPayout('007');
    const stuck = await adminCall('stuck', { olderThanMinutes: 0 });
    expect(stuck.status).toBe(200);
    expect(stuck.body.data).toContainEqual(
      expect.objectContaining({
        record: expect.objectContaining({ _id: id, status: 'queued' }),
        sends: 0,
      }),
    );
    // The rail is down: the check sends once, hears nothing, and the payout stays processing.
    const first = await adminCall('checkStatus', { id });
    expect(first.body).toMatchObject({ message: 'The payout is processing.' });
    const second = await adminCall('checkStatus', { id });
    expect(second.body.transactionRecord.status).toBe('processing');
    expect(await railCalls(api, id)).toEqual({ send: 1, status: 1 });
    const unknown = await adminCall('checkStatus', { id: randomUUID() });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({
      status: 404,
      message: 'Payout not found.',
    });
  });

  it('settles by hand only with the PIN and a reason, never while a send may be in flight, and audits it', async () => {
    const { user, id } = await queuedPayout('007', 200);
    await adminCall('checkStatus', { id });
    const resolve = (body: Record<string, unknown>, pin = admin.user.pin) =>
      adminCall('resolve', { id, ...body }, { pin });
    const reason = 'Bank confirmed by phone that the transfer never arrived.';

    expect((await resolve({ status: 'failed', reason: 'short' })).body.message).toBe(
      'Please give the reason, in at least 10 characters.',
    );
    expect((await resolve({ status: 'processed', reason })).body.message).toBe(
      'A processed payout needs the bank’s UTR.',
    );
    expect((await resolve({ status: 'failed', reason }, '9999')).status).toBe(422);
    const early = await resolve({ status: 'failed', reason });
    expect({ status: early.status, message: early.body.message }).toEqual({
      status: 409,
      message:
        'The payout was sent to the bank less than 10 minutes ago. Check its status again later.',
    });

    clock.advance({ minutes: 11 });
    const customerMessage = 'Your bank could not credit this payment. The money is back.';
    const done = await resolve({ status: 'failed', reason, customerMessage });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      message: 'The payout is marked failed.',
      transactionRecord: { status: 'failed', message: customerMessage },
    });
    // Issue 23: the internal reason is the audit log's; the customer's receipt never shows it.
    const owner = await signIn(api, user);
    const receipt = await call<{ transactionRecord: Receipt }>(`${api.url}/api/user/transaction`, {
      body: { id },
      headers: bearer(owner),
    });
    expect(receipt.body.transactionRecord.message).toBe(customerMessage);
    expect(JSON.stringify(receipt.body)).not.toContain(reason);
    expect(await accountOf(api, user.id)).toEqual({
      posted: 100000,
      pending: 0,
      available: 100000,
    });
    expect(await streamEvents(api, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processing',
      'payout.failed',
    ]);
    const again = await resolve({ status: 'processed', utr: 'UTR0000001', reason });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'Only a payout being processed can be resolved by hand; this one is failed.',
    });
    const audit = await query<{
      outcome: string;
      details: { reason: string; customerMessage?: string; refused?: string };
    }>(
      api,
      `SELECT outcome, details FROM audit_log WHERE action = 'payout.resolve' AND subject_id = $1
        ORDER BY id`,
      [id],
    );
    expect(audit.map((entry) => [entry.outcome, entry.details.refused ?? null])).toEqual([
      ['failure', 'send-in-flight'],
      ['success', null],
      ['failure', 'not-processing'],
    ]);
    expect(audit[1]!.details).toMatchObject({ reason, customerMessage });
  });

  it('applies the bank’s own answer instead when it has one by the time an admin resolves', async () => {
    const { user, id } = await queuedPayout('004', 300);
    await adminCall('checkStatus', { id }); // sent: pending
    await adminCall('checkStatus', { id }); // asked once: pending
    await adminCall('checkStatus', { id }); // asked twice: pending
    clock.advance({ minutes: 11 });
    const resolved = await adminCall(
      'resolve',
      { id, status: 'failed', reason: 'Operator thinks it failed.' },
      { pin: admin.user.pin },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      message: 'The bank answered after all: the payout is processed.',
      transactionRecord: { status: 'processed', externalRef: expect.stringMatching(/^SBXN/) },
    });
    expect(await accountOf(api, user.id)).toMatchObject({ posted: 100000 - 31500, pending: 0 });
  });

  it('finds a late return on a paid payout at a status check, and reverses it once when asked twice at once', async () => {
    const { user, id } = await queuedPayout('002', 400);
    const paid = await adminCall('checkStatus', { id });
    expect(paid.body.transactionRecord.status).toBe('processed');
    expect(await accountOf(api, user.id)).toMatchObject({ posted: 100000 - 41500 });
    // The sandbox returns an `002` payout a minute after paying it; the sweep would ask in an hour.
    clock.advance({ minutes: 2 });
    const checks = await Promise.all([1, 2].map(() => adminCall('checkStatus', { id })));
    expect(checks.map((check) => [check.status, check.body.transactionRecord.status])).toEqual([
      [200, 'reversed'],
      [200, 'reversed'],
    ]);
    expect(await streamEvents(api, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processed',
      'payout.returned',
    ]);
    expect(await accountOf(api, user.id)).toMatchObject({ posted: 100000, pending: 0 });
    // A status check is a question, never a send: one send in all, from the first check.
    expect((await railCalls(api, id)).send).toBe(1);
  });

  it('leaves a ledger that verifies', async () => {
    expect(await ledgerViolations(api)).toEqual([]);
  });
});
