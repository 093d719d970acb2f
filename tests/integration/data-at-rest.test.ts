import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt, randomUUID } from 'node:crypto';
import { startApiChild, urlOf, type ApiChild } from '../support/api-processes.js';
import { columnsHolding } from '../support/data-at-rest.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { accountEndingIn, fund, payoutReaches } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, unknown>;

// A real 1×1 PNG: the shop photo of a KYC.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PAN of the valid shape nobody else in this database has. */
const newPan = () => `QZXPK${String(randomInt(0, 10_000)).padStart(4, '0')}W`;

/**
 * Issue 31, item 7: a PAN, a bank account number and a KYC photo are sealed at rest. Each is
 * given through the API of a `main` process whose every log line is kept; then every text,
 * JSON and byte column of every table, the audit log and those log lines are searched for them.
 * Look-ups that went by the number (the duplicate check, the report's search, the last payouts
 * to an account) still find it, through the keyed hash; the screens still show the masks.
 */
describe('data at rest: PAN, account numbers and KYC photos are sealed', () => {
  let api: TestApi;
  let child: ApiChild;
  let url: string;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi();
    child = startApiChild(api, 'main', { LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    url = await urlOf(child);
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  }, 120_000);
  afterAll(async () => {
    await child?.stop();
    await api.close();
  });

  const post = (path: string, token: string, body: Json = {}, headers: Json = {}) =>
    call<Json>(`${url}/api/${path}`, {
      body,
      headers: { ...bearer(token), ...(headers as Record<string, string>) },
    });

  async function sendKyc(token: string, pan: string) {
    const form = new FormData();
    form.append('pan', pan);
    form.append('aadhaarLast4', '1234');
    form.append('shopPhoto', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'shop.png');
    const response = await fetch(`${url}/api/user/kyc`, {
      method: 'POST',
      body: form,
      headers: bearer(token),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  it('keeps no PAN, account number or photo in clear in any table or log line, and still finds them by their hash', async () => {
    // A retailer sends a KYC with a PAN and a photo; an admin approves it (the PAN goes on file).
    const pan = newPan();
    const retailer = await given(api).user({ kyc: 'none' });
    const retailerToken = await signIn(api, retailer);
    const sent = await sendKyc(retailerToken, pan);
    expect(sent.status).toBe(200);
    expect(sent.body.kyc).toMatchObject({ state: 'submitted', pan });
    const queue = await post('admin/kycQueue', adminToken, { state: 'submitted' });
    const submission = (queue.body.data as Json[]).find(
      (row) => (row.user as Json)._id === retailer.id,
    )!;
    // The reviewer sees the whole PAN and the photo as it was sent.
    expect(submission.pan).toBe(pan);
    const photo = await fetch(`${url}/api/admin/kycPhoto/${submission._id as string}`, {
      headers: bearer(adminToken),
    });
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    const decided = await post(
      'admin/kycDecision',
      adminToken,
      { id: submission._id, action: 'approve' },
      { pin: admin.pin },
    );
    expect(decided.status).toBe(200);
    expect((await post('user/kycStatus', retailerToken)).body.kyc).toMatchObject({
      pan,
      panOnFile: true,
    });

    // Another user gives a PAN on the dashboard.
    const grandfathered = await given(api).user();
    const ownPan = newPan();
    expect((await post('user/pan', await signIn(api, grandfathered), { pan: ownPan })).status).toBe(
      200,
    );

    // A payer saves a beneficiary and pays it.
    const payer = await given(api).user();
    await fund(api, payer, 100_000);
    const payerToken = await signIn(api, payer);
    const accountNumber = accountEndingIn('123');
    const beneficiary = {
      AccountNo: accountNumber,
      IfscCode: 'SBIN0001234',
      name: 'Asha Verma',
      bankName: 'State Bank of India',
    };
    expect((await post('user/createBeneficiary', payerToken, beneficiary)).status).toBe(201);
    // The duplicate check still knows the account (by its hash).
    const again = await post('user/createBeneficiary', payerToken, beneficiary);
    expect([again.status, again.body.message]).toEqual([409, 'This beneficiary is already saved.']);
    const [saved] = (await post('user/getBeneficiaryList', payerToken)).body
      .beneficiaries as Json[];
    expect(saved).toMatchObject({
      accountNumber,
      maskedAccountNumber: `${'X'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`,
    });

    const paid = await post(
      'payment/bankTransfer',
      payerToken,
      {
        amount: '500',
        beneficiaryName: 'Asha Verma',
        beneficiaryAccountNumber: accountNumber,
        beneficiaryIfscCode: 'SBIN0001234',
        paymentMode: 'IMPS',
      },
      { pin: payer.pin, 'idempotency-key': randomUUID() },
    );
    expect(paid.status).toBe(200);
    const record = paid.body.transactionRecord as Json & { _id: string; payload: Json };
    // The receipt shows the mask, as before.
    expect((record.payload.data as Json).beneficiaryAccountNumber).toBe(saved!.maskedAccountNumber);
    await payoutReaches(api, record._id, ['processed']);

    // The look-ups by account number: the last payouts to it, the report's search.
    const last = await post('user/checkLastTransaction', payerToken, {
      accountNumber,
      ifsc: 'SBIN0001234',
    });
    expect((last.body.data as Json[]).length).toBe(1);
    const found = await call<Json>(`${url}/api/reports/transactions`, {
      body: { pageSize: 100, search: accountNumber },
      headers: bearer(adminToken),
    });
    expect(found.status).toBe(200);
    expect((found.body.data as Json[]).map((row) => row._id)).toEqual([record._id]);

    // Nothing in clear: no table, the audit log included, and no log line.
    expect(await columnsHolding(api, pan)).toEqual([]);
    expect(await columnsHolding(api, ownPan)).toEqual([]);
    expect(await columnsHolding(api, accountNumber)).toEqual([]);
    expect(await columnsHolding(api, PNG)).toEqual([]);
    expect(child.output()).toMatch(/"url":"\/api\/payment\/bankTransfer"/);
    for (const secret of [pan, ownPan, accountNumber]) {
      expect(child.output()).not.toContain(secret);
    }

    // The audit log keeps the PANs masked: the last 4 characters only.
    const audited = await query<{ pan: string }>(
      api,
      `SELECT details->>'pan' AS pan FROM audit_log
        WHERE details ? 'pan' AND subject_id = ANY($1::uuid[]) ORDER BY occurred_at`,
      [[retailer.id, grandfathered.id]],
    );
    expect(audited.map((row) => row.pan)).toEqual([
      `******${pan.slice(-4)}`,
      `******${pan.slice(-4)}`,
      `******${ownPan.slice(-4)}`,
    ]);
  }, 60_000);
});
