import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE, DmtTransferMessages } from '@khata/domain';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { MovableClock } from '../support/clock.js';
import {
  givenDmtBeneficiary,
  givenRemitter,
  lastOtpTo,
  type GivenDmtBeneficiary,
  type GivenRemitter,
} from '../support/dmt.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  streamEvents,
  systemBalance,
} from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

interface TransferData {
  id: string;
  status: string;
  refundState: string;
  utr: string | null;
  message: string | null;
}
type Answer = { success?: boolean; message?: string; by?: string; data: TransferData };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Hand resolution of a stuck DMT transfer (issue 25): the sandbox provider is down for an
 * account ending 007 (every call 503), so the transfer stays processing until an admin, with
 * the PIN, settles it through the rail framework (RailProcessor.resolve, as payouts do).
 */
describe('DMT transfers resolved by hand', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let distributor: GivenUser;
  const clock = new MovableClock();
  const reason = 'Provider desk confirmed the outcome by phone.';

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: process.env.DMT_TEST_LOG ?? 'silent' }, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  });
  afterAll(async () => {
    await api.close();
  });

  interface Shop {
    user: GivenUser;
    token: string;
    remitter: GivenRemitter;
    beneficiary: GivenDmtBeneficiary;
  }

  /** A shop with ₹10,000 and a ₹5,000 transfer stuck at the provider (ending 007), sent. */
  async function stuck(): Promise<Shop & { id: string }> {
    const user = await given(api).user({ parent: distributor });
    await fund(api, user, 10_000_00);
    const token = await signIn(api, user);
    const remitter = await givenRemitter(api, user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, user, { ending: '007' });
    const body = {
      remitterMobile: remitter.mobile,
      beneficiaryId: beneficiary.id,
      amount: 5000,
      mode: 'IMPS',
    };
    const asked = await call(`${api.url}/api/dmt/transfer/otp`, { body, headers: bearer(token) });
    expect(asked.status).toBe(200);
    const sent = await call<Answer>(`${api.url}/api/dmt/transfer`, {
      body: { ...body, otp: lastOtpTo(api, remitter.mobile) },
      headers: { ...bearer(token), pin: user.pin, 'idempotency-key': randomUUID() },
    });
    expect(sent.status).toBe(200);
    const id = sent.body.data.id;
    // Sent once (503: unknown), then noted as processing: asked about, never failed.
    await eventually(async () => {
      const [row] = await query<{ status: string; sends: number; processing_recorded: boolean }>(
        api,
        'SELECT status, sends, processing_recorded FROM dmt_transfers WHERE id = $1',
        [id],
      );
      return row?.status === 'processing' && row.sends >= 1 && row.processing_recorded
        ? row
        : undefined;
    }, 30_000);
    return { user, token, remitter, beneficiary, id };
  }

  /** `pin: null` sends no PIN header. */
  const resolve = (
    body: Json,
    { token = adminToken, pin = admin.pin }: { token?: string; pin?: string | null } = {},
  ) =>
    call<Answer>(`${api.url}/api/dmt/transfer/resolve`, {
      body,
      headers: { ...bearer(token), ...(pin !== null && { pin }) },
    });

  async function row(id: string) {
    const [found] = await query<{
      status: string;
      refund_state: string;
      utr: string | null;
      message: string | null;
      sends: number;
      commission_split: { fee: number } | null;
    }>(api, 'SELECT * FROM dmt_transfers WHERE id = $1', [id]);
    return found!;
  }

  const audit = (id: string) =>
    query<{ action: string; outcome: string; details: Json }>(
      api,
      'SELECT action, outcome, details FROM audit_log WHERE subject_id = $1 ORDER BY id',
      [id],
    );

  it('refuses while a send may be on its way, then resolves processed with the UTR: posted with the fee split', async () => {
    const { user, beneficiary, id } = await stuck();
    const early = await resolve({ id, status: 'processed', utr: 'UTRHAND0001', reason });
    expect([early.status, early.body.message]).toEqual([
      409,
      'The DMT transfer was sent to the provider less than 10 minutes ago. Check its status again later.',
    ]);
    expect((await row(id)).status).toBe('processing');

    clock.advance({ minutes: 11 });
    const noUtr = await resolve({ id, status: 'processed', reason });
    expect([noUtr.status, noUtr.body.message]).toEqual([
      400,
      'A processed DMT transfer needs the bank’s UTR.',
    ]);
    const [gstBefore, settledBefore] = await Promise.all([
      systemBalance(api, 'system:gst_payable'),
      systemBalance(api, 'system:bank_settlement'),
    ]);
    const done = await resolve({ id, status: 'processed', utr: 'UTRHAND0001', reason });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      message: DmtTransferMessages.resolved('processed', 'hand'),
      by: 'hand',
      data: { id, status: 'processed', refundState: 'none', utr: 'UTRHAND0001' },
    });
    expect(await accountOf(api, user.id)).toEqual({
      posted: 10_000_00 - 5050_00,
      pending: 0,
      available: 10_000_00 - 5050_00,
    });
    expect(await systemBalance(api, 'system:bank_settlement')).toBe(settledBefore + 5000_00);
    expect(await systemBalance(api, 'system:gst_payable')).toBe(gstBefore + 763);
    expect((await row(id)).commission_split).toMatchObject({ fee: 5000 });
    expect(await streamEvents(api, `dmt:${id}`)).toEqual([
      'dmt.requested',
      'dmt.processing',
      'dmt.processed',
    ]);
    // The receipt's record: processed, with the UTR the admin gave.
    const [record] = await query<{ status: string; external_ref: string | null }>(
      api,
      'SELECT status, external_ref FROM transaction_records WHERE stream = $1',
      [`dmt:${id}`],
    );
    expect(record).toMatchObject({ status: 'processed', external_ref: 'UTRHAND0001' });
    // Audited: the refusal and the resolution, with the reason, no account number.
    const entries = await audit(id);
    expect(
      entries.map((entry) => [entry.action, entry.outcome, entry.details.refused ?? null]),
    ).toEqual([
      ['dmt.transfer-resolve', 'failure', 'send-in-flight'],
      ['dmt.transfer-resolve', 'success', null],
    ]);
    expect(entries[1]!.details).toMatchObject({
      asked: 'processed',
      utr: 'UTRHAND0001',
      reason,
      by: 'hand',
      status: 'processed',
      amount: { paise: 5000_00 },
      fee: { paise: 50_00 },
    });
    expect(JSON.stringify(entries)).not.toContain(beneficiary.accountNumber);
    const again = await resolve({ id, status: 'failed', reason });
    expect([again.status, again.body.message]).toEqual([
      409,
      'Only a DMT transfer being processed can be resolved by hand; this one is processed.',
    ]);
  });

  it("resolves failed into refund pending: the money stays held until the customer's refund OTP", async () => {
    const { user, token, remitter, id } = await stuck();
    clock.advance({ minutes: 11 });
    const failed = await resolve({ id, status: 'failed', reason, customerMessage: '' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      message: DmtTransferMessages.resolved('failed', 'hand'),
      data: {
        status: 'failed',
        refundState: 'pending',
        message: DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE,
      },
    });
    // Failed, not spendable: amount + fee held until the customer confirms.
    expect(await accountOf(api, user.id)).toEqual({
      posted: 10_000_00,
      pending: 5050_00,
      available: 10_000_00 - 5050_00,
    });
    // The internal reason stays in the audit log; the record shows the customer's words.
    expect(JSON.stringify(await row(id))).not.toContain(reason);

    expect(
      (
        await call(`${api.url}/api/dmt/refund/otp`, {
          body: { transferId: id },
          headers: bearer(token),
        })
      ).status,
    ).toBe(200);
    const refunded = await call<Answer>(`${api.url}/api/dmt/refund`, {
      body: { transferId: id, otp: lastOtpTo(api, remitter.mobile) },
      headers: bearer(token),
    });
    expect([refunded.status, refunded.body.data.refundState]).toEqual([200, 'refunded']);
    expect(await accountOf(api, user.id)).toEqual({
      posted: 10_000_00,
      pending: 0,
      available: 10_000_00,
    });
    expect(await streamEvents(api, `dmt:${id}`)).toEqual([
      'dmt.requested',
      'dmt.processing',
      'dmt.failed',
      'dmt.refunded',
    ]);
    const entries = await audit(id);
    expect(entries.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['dmt.transfer-resolve', 'success'],
      ['dmt.refund', 'success'],
    ]);
    expect(entries[1]!.details).toMatchObject({
      amount: { paise: 5000_00 },
      fee: { paise: 50_00 },
      refundState: 'refunded',
      status: 'failed',
      remitterId: remitter.id,
    });
    expect(JSON.stringify(entries)).not.toMatch(/"otp"/i);
  });

  it('refuses a non-admin, a wrong PIN and bad input, and moves nothing', async () => {
    const { token, user, id } = await stuck();
    clock.advance({ minutes: 11 });
    const body = { id, status: 'processed', utr: 'UTRHAND0002', reason };
    const byShop = await resolve(body, { token, pin: user.pin });
    expect(byShop.status).toBe(403);
    const byDistributor = await resolve(body, {
      token: await signIn(api, distributor),
      pin: distributor.pin,
    });
    expect(byDistributor.status).toBe(403);
    const wrongPin = await resolve(body, { pin: admin.pin === '1111' ? '2222' : '1111' });
    expect(wrongPin.status).toBe(422);
    const noPin = await resolve(body, { pin: null });
    expect(noPin.status).toBe(400);
    expect((await resolve({ ...body, reason: 'short' })).status).toBe(400);
    expect((await resolve({ ...body, status: 'reversed' })).status).toBe(400);
    expect((await resolve({ ...body, id: 'not-an-id' })).status).toBe(400);
    const unknown = await resolve({ ...body, id: randomUUID() });
    expect([unknown.status, unknown.body.message]).toEqual([
      404,
      DmtTransferMessages.transferNotFound,
    ]);
    expect((await row(id)).status).toBe('processing');
    expect(await accountOf(api, user.id)).toMatchObject({ posted: 10_000_00, pending: 5050_00 });
  });

  it('resolves once under a burst of five parallel resolutions', async () => {
    const { user, id } = await stuck();
    clock.advance({ minutes: 11 });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => resolve({ id, status: 'processed', utr: 'UTRHAND0003', reason })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(
      (await streamEvents(api, `dmt:${id}`)).filter((type) => type === 'dmt.processed'),
    ).toHaveLength(1);
    expect(await accountOf(api, user.id)).toMatchObject({
      posted: 10_000_00 - 5050_00,
      pending: 0,
    });
    const entries = await audit(id);
    expect(entries.filter((entry) => entry.outcome === 'success')).toHaveLength(1);
    expect(entries.filter((entry) => entry.outcome === 'failure')).toHaveLength(4);
    expect(await ledgerViolations(api)).toEqual([]);
  });
});
