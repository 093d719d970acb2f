import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { signWebhook } from '../../apps/api/src/rail/webhook-signature.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  payoutRow,
  saveBeneficiary,
  streamEvents,
} from '../support/payouts.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

type Receipt = { _id: string; status: string };
type Body = { success?: boolean; message?: string; transactionRecord: Receipt };
type Applied = { success: boolean; known?: boolean; status?: string; message?: string };

const SECRET = 'rail-webhook-secret-0123456789abcdef';
const MINUTE = 60_000;

/**
 * The provider's webhook over real HTTP: the bytes it signed reach the handler untouched
 * (create-app keeps them on `request.rawBody`), the HMAC and the timestamp are checked, and a verified event moves a
 * payout through the state machine once, however often it is delivered. An HTTP-only process
 * (no worker, no sweep): nothing but this test moves the payouts.
 */
describe('POST /api/webhooks/rail', () => {
  let api: TestApi;
  let admin: { user: GivenUser; token: string };

  beforeAll(async () => {
    api = await startTestApi({ KHATA_PROCESS: 'api', RAIL_PROVIDER_WEBHOOK_SECRET: SECRET });
    const user = await given(api).user({ role: 'admin', services: [] });
    admin = { user, token: await signIn(api, user) };
  });
  afterAll(async () => {
    await api.close();
  });

  /**
   * A payout the sandbox rail took and keeps pending (account ending 004), so it stays
   * `processing` until someone tells us its outcome.
   */
  async function processingPayout(rupees = 100) {
    const user = await given(api).user();
    await fund(api, user, 1000_00);
    const payee = await saveBeneficiary(api, user, { ending: '004' });
    const answer = await call<Body>(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount: rupees,
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.accountNumber,
        beneficiaryIfscCode: payee.ifsc,
      },
      headers: {
        ...bearer(await signIn(api, user)),
        pin: user.pin,
        'idempotency-key': randomUUID(),
      },
    });
    expect(answer.status).toBe(200);
    const id = answer.body.transactionRecord._id;
    const checked = await call<Body>(`${api.url}/api/admin/payouts/checkStatus`, {
      body: { id },
      headers: bearer(admin.token),
    });
    expect(checked.body.transactionRecord.status).toBe('processing');
    return { user, id };
  }

  /**
   * The event as a provider sends it. Pretty-printed on purpose: a body parsed and printed
   * again would not carry this signature, so only the raw bytes verify.
   */
  function event(id: string, payout: Record<string, unknown>): string {
    return JSON.stringify({ id, payout }, null, 2);
  }

  function deliver(
    rawBody: string,
    {
      secret = SECRET,
      at = new Date(),
      signature,
      to = api,
    }: { secret?: string; at?: Date; signature?: string; to?: TestApi } = {},
  ) {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    return call<Applied>(`${to.url}/api/webhooks/rail`, {
      method: 'POST',
      rawBody,
      headers: {
        'x-rail-timestamp': timestamp,
        'x-rail-signature': signature ?? signWebhook(secret, timestamp, rawBody),
      },
    });
  }

  /** The HTTP status and the body in one object (the body's `status` is the payout's). */
  const answerOf = (answer: { status: number; body: Applied }) => ({
    http: answer.status,
    ...answer.body,
  });

  it('moves a payout once on a signed event; a replay of the same delivery changes nothing', async () => {
    const { user, id } = await processingPayout(100);
    const paid = event('evt_paid', { reference: id, status: 'processed', utr: 'UTR123456789' });
    const at = new Date();

    expect(answerOf(await deliver(paid, { at }))).toEqual({
      http: 200,
      success: true,
      known: true,
      status: 'processed',
    });
    const settled = await payoutRow(api, id);
    expect(settled).toMatchObject({ status: 'processed', utr: 'UTR123456789', sends: 1 });
    const afterFirst = {
      events: await streamEvents(api, `payout:${id}`),
      account: await accountOf(api, user.id),
    };
    expect(afterFirst.events).toEqual([
      'payout.requested',
      'payout.processing',
      'payout.processed',
    ]);
    // ₹100 and its fee left the wallet; the hold is gone.
    expect(afterFirst.account).toEqual({ posted: 100000 - 11500, pending: 0, available: 88500 });

    // The provider delivers the very same request again (same bytes, timestamp, signature).
    expect(answerOf(await deliver(paid, { at }))).toEqual({
      http: 200,
      success: true,
      known: true,
      status: 'processed',
    });
    expect(await payoutRow(api, id)).toEqual(settled);
    expect(await streamEvents(api, `payout:${id}`)).toEqual(afterFirst.events);
    expect(await accountOf(api, user.id)).toEqual(afterFirst.account);

    // A later return is booked once too, however often it arrives.
    const returned = event('evt_returned', {
      reference: id,
      status: 'reversed',
      reason: 'Account closed.',
    });
    for (let delivery = 0; delivery < 3; delivery++) {
      expect(answerOf(await deliver(returned))).toEqual({
        http: 200,
        success: true,
        known: true,
        status: 'reversed',
      });
    }
    expect(await payoutRow(api, id)).toMatchObject({
      status: 'reversed',
      utr: 'UTR123456789',
      message: 'Account closed.',
    });
    expect(await streamEvents(api, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processing',
      'payout.processed',
      'payout.returned',
    ]);
    expect(await accountOf(api, user.id)).toEqual({
      posted: 100000,
      pending: 0,
      available: 100000,
    });
  });

  it('acknowledges an event about a payout it does not know, and refuses a body that is not one', async () => {
    const unknown = await deliver(
      event('evt_x', { reference: randomUUID(), status: 'processed', utr: 'UTR1' }),
    );
    expect(answerOf(unknown)).toEqual({ http: 200, success: true, known: false });
    const notAnEvent = await deliver(JSON.stringify({ hello: 'world' }));
    expect(answerOf(notAnEvent)).toEqual({
      http: 400,
      success: false,
      message: 'The webhook body is not a payout event.',
    });
  });

  it('answers 401 to a wrong secret, a changed body, a missing or malformed signature, and moves nothing', async () => {
    const { user, id } = await processingPayout(200);
    const failed = event('evt_forged', { reference: id, status: 'failed', reason: 'Forged.' });
    const before = {
      row: await payoutRow(api, id),
      events: await streamEvents(api, `payout:${id}`),
      account: await accountOf(api, user.id),
    };
    const refused = { http: 401, success: false, message: 'Invalid webhook signature.' };

    expect(answerOf(await deliver(failed, { secret: 'another-secret' }))).toEqual(refused);

    const at = new Date();
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const tampered = failed.replace('"failed"', '"processed"').replace('Forged.', 'UTR1');
    expect(
      answerOf(await deliver(tampered, { at, signature: signWebhook(SECRET, timestamp, failed) })),
    ).toEqual(refused);
    // The same bytes re-serialised (what a parse-then-print would give) no longer verify.
    const reprinted = JSON.stringify(JSON.parse(failed));
    expect(
      answerOf(await deliver(reprinted, { at, signature: signWebhook(SECRET, timestamp, failed) })),
    ).toEqual(refused);
    expect(answerOf(await deliver(failed, { signature: 'not-hex' }))).toEqual(refused);

    const unsigned = await call<Applied>(`${api.url}/api/webhooks/rail`, { rawBody: failed });
    expect(answerOf(unsigned)).toEqual(refused);

    expect(await payoutRow(api, id)).toEqual(before.row);
    expect(await streamEvents(api, `payout:${id}`)).toEqual(before.events);
    expect(await accountOf(api, user.id)).toEqual(before.account);
  });

  it('answers 401 to a correctly signed event whose timestamp is more than 5 minutes away', async () => {
    const { id } = await processingPayout(100);
    const paid = event('evt_stale', { reference: id, status: 'processed', utr: 'UTR55555' });
    const refused = { http: 401, success: false, message: 'Invalid webhook signature.' };

    const old = new Date(Date.now() - 6 * MINUTE);
    expect(answerOf(await deliver(paid, { at: old }))).toEqual(refused);
    const ahead = new Date(Date.now() + 6 * MINUTE);
    expect(answerOf(await deliver(paid, { at: ahead }))).toEqual(refused);
    expect((await payoutRow(api, id)).status).toBe('processing');

    // Within the tolerance the same event is taken.
    const recent = await deliver(paid, { at: new Date(Date.now() - 4 * MINUTE) });
    expect(answerOf(recent)).toEqual({
      http: 200,
      success: true,
      known: true,
      status: 'processed',
    });
  });

  it('answers 503 when no webhook secret is configured, even to an event signed right', async () => {
    // A second process of the same deployment, started without RAIL_PROVIDER_WEBHOOK_SECRET.
    const unconfigured = await startTestApi({ KHATA_PROCESS: 'api' }, { sharing: api });
    try {
      const { id } = await processingPayout(100);
      const paid = event('evt_503', { reference: id, status: 'processed', utr: 'UTR77777' });
      expect(answerOf(await deliver(paid, { to: unconfigured }))).toEqual({
        http: 503,
        success: false,
        message: 'Rail webhooks are not configured.',
      });
      expect((await payoutRow(api, id)).status).toBe('processing');
    } finally {
      await unconfigured.close();
    }
  });

  it('leaves a ledger that verifies', async () => {
    expect(await ledgerViolations(api)).toEqual([]);
  });
});
