import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { KycMessages, kycPendingMessage, roleName, SocketEvent } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund, saveBeneficiary } from '../support/payouts.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, unknown>;

// A real 1×1 PNG, and bytes that only claim to be a JPEG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FULL_AADHAAR = '987654321012';

describe('KYC: sent by the user, decided by an admin, and the gate on payouts and AEPS', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const sockets = socketClients();

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(async () => {
    sockets.closeAll();
    await api.close();
  });

  /** A retailer who signed up and has sent no KYC yet. */
  async function newcomer() {
    const user = await given(api).user({ kyc: 'none' });
    return { user, token: await signIn(api, user) };
  }

  async function sendKyc(
    token: string,
    {
      pan = 'ABCDE1234F',
      aadhaarLast4 = '1234',
      photo = PNG as Buffer | null,
      name = 'shop.png',
      type = 'image/png',
    }: {
      pan?: string;
      aadhaarLast4?: string;
      photo?: Buffer | null;
      name?: string;
      type?: string;
    } = {},
  ) {
    const form = new FormData();
    form.append('pan', pan);
    form.append('aadhaarLast4', aadhaarLast4);
    if (photo) form.append('shopPhoto', new Blob([new Uint8Array(photo)], { type }), name);
    const response = await fetch(`${api.url}/api/user/kyc`, {
      method: 'POST',
      body: form,
      headers: bearer(token),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  const post = (path: string, token: string, body: Json = {}, headers: Json = {}) =>
    call<Json>(`${api.url}/api/${path}`, {
      body,
      headers: { ...bearer(token), ...(headers as Record<string, string>) },
    });
  const status = async (token: string) =>
    (await post('user/kycStatus', token)).body.kyc as Json & { state: string };
  const decide = (id: string, action: string, reason?: string, pin = admin.pin, as = adminToken) =>
    post('admin/kycDecision', as, { id, action, ...(reason !== undefined && { reason }) }, { pin });
  const services = async (token: string) =>
    (await post('user/checkBalance', token)).body.services as string[];
  /** The user's submissions as stored, the sealed PAN opened (issue 31). */
  const submissionsOf = async (userId: string) =>
    (
      await query<Json>(
        api,
        'SELECT id, state, pan_sealed, aadhaar_last4, reason FROM kyc_submissions WHERE user_id = $1 ORDER BY submitted_at',
        [userId],
      )
    ).map(({ pan_sealed, ...row }): Json => ({
      ...row,
      pan: api.app.get(DataAtRest).open(pan_sealed as string),
    }));
  const ledgerEvents = async () =>
    Number((await query<{ n: string }>(api, 'SELECT count(*) AS n FROM ledger_events'))[0]!.n);

  it('starts a new signup at none, with payout and AEPS off in its services', async () => {
    const { token } = await newcomer();
    expect(await status(token)).toEqual({
      state: 'none',
      reason: null,
      submittedAt: null,
      decidedAt: null,
      pan: null,
      aadhaarLast4: null,
      checked: false,
      panOnFile: false,
    });
    expect(await services(token)).toEqual(['wallet']);
  });

  it('names the services that wait for KYC, and none for a user whose services need none (issue 23)', async () => {
    const { token } = await newcomer();
    expect((await post('user/kycStatus', token)).body.awaitingKyc).toEqual([
      'payout',
      'aepsAccount',
      'aepsSettlement',
      'aeps',
      'dmt',
      'ppi',
      'bbps',
      'rent',
    ]);
    // A basic user (what signup makes): KYC switches nothing on, so nothing is promised.
    const basic = await given(api).user({ role: 'user', services: [], kyc: 'none' });
    const answer = await post('user/kycStatus', await signIn(api, basic));
    expect(answer.status).toBe(200);
    expect(answer.body.awaitingKyc).toEqual([]);
  });

  it('gives one services list everywhere: userData, checkBalance and the guards; Service Management shows what waits for KYC', async () => {
    const { user, token } = await newcomer();
    const profileServices = async () =>
      ((await post('user/userData', token)).body.profile as { services: string[] }).services;
    expect(await profileServices()).toEqual(['wallet']);
    const managed = await post('admin/userServices', adminToken, { userId: user.id });
    expect(managed.body).toMatchObject({
      services: [
        'wallet',
        'payout',
        'aepsAccount',
        'aepsSettlement',
        'aeps',
        'dmt',
        'ppi',
        'bbps',
        'rent',
      ],
      awaitingKyc: [
        'payout',
        'aepsAccount',
        'aepsSettlement',
        'aeps',
        'dmt',
        'ppi',
        'bbps',
        'rent',
      ],
    });

    await sendKyc(token);
    const [row] = await submissionsOf(user.id);
    expect((await decide(row!.id as string, 'approve')).status).toBe(200);
    const approved = [
      'wallet',
      'payout',
      'aepsAccount',
      'aepsSettlement',
      'aeps',
      'dmt',
      'ppi',
      'bbps',
      'rent',
    ];
    expect(await profileServices()).toEqual(approved);
    expect(await services(token)).toEqual(approved);
    expect(
      (await post('admin/userServices', adminToken, { userId: user.id })).body.awaitingKyc,
    ).toEqual([]);
  });

  it('takes PAN, Aadhaar last 4 and a photo, keeps them with the user, and audits it', async () => {
    const { user, token } = await newcomer();
    const answer = await sendKyc(token, { pan: 'abcde1234f' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: KycMessages.submitted,
      kyc: {
        state: 'submitted',
        reason: null,
        pan: 'ABCDE1234F',
        aadhaarLast4: '1234',
        checked: false,
        panOnFile: false,
      },
    });
    expect(await submissionsOf(user.id)).toEqual([
      expect.objectContaining({ state: 'submitted', pan: 'ABCDE1234F', aadhaar_last4: '1234' }),
    ]);
    const [photo] = await query<{ photo: Buffer; photo_type: string }>(
      api,
      'SELECT photo, photo_type FROM kyc_submissions WHERE user_id = $1',
      [user.id],
    );
    // Sealed at rest (issue 31): the bytes as sent only once opened.
    expect(photo!.photo.equals(PNG)).toBe(false);
    expect(api.app.get(DataAtRest).openBytes(photo!.photo).equals(PNG)).toBe(true);
    expect(photo!.photo_type).toBe('image/png');
    const audit = await query<Json>(
      api,
      "SELECT actor_id, details->>'aadhaarLast4' AS last4 FROM audit_log WHERE action = 'kyc.submit' AND subject_id = $1",
      [user.id],
    );
    expect(audit).toEqual([{ actor_id: user.id, last4: '1234' }]);
    expect((await status(token)).state).toBe('submitted');

    // One submission waits at a time.
    const again = await sendKyc(token);
    expect([again.status, again.body.message]).toEqual([409, KycMessages.alreadySubmitted]);
  });

  describe('bad input: a clear 400 and nothing stored', () => {
    it('refuses a full Aadhaar number, and the number is nowhere in the database', async () => {
      const { user, token } = await newcomer();
      for (const aadhaarLast4 of [FULL_AADHAAR, '9876 5432 1012']) {
        const answer = await sendKyc(token, { aadhaarLast4 });
        expect([answer.status, answer.body.message]).toEqual([400, KycMessages.aadhaarFull]);
      }
      expect(await submissionsOf(user.id)).toEqual([]);
      // Not in any row of the submissions or the audit log, whatever column.
      const traces = await query<Json>(
        api,
        `SELECT 'kyc' AS t FROM kyc_submissions s WHERE s::text LIKE $1
         UNION ALL SELECT 'audit' FROM audit_log a WHERE a::text LIKE $1
         UNION ALL SELECT 'users' FROM users u WHERE u::text LIKE $1`,
        [`%${FULL_AADHAAR}%`],
      );
      expect(traces).toEqual([]);
      expect((await status(token)).state).toBe('none');
    });

    it.each([
      ['a PAN of the wrong shape', { pan: 'ABCD12345F' }, KycMessages.panInvalid],
      ['no PAN', { pan: '' }, KycMessages.panRequired],
      ['three digits of Aadhaar', { aadhaarLast4: '123' }, KycMessages.aadhaarInvalid],
      ['no photo', { photo: null }, KycMessages.photoRequired],
      [
        'a text file named .jpg and sent as a JPEG',
        { photo: Buffer.from('I am a text file, honest'), name: 'shop.jpg', type: 'image/jpeg' },
        KycMessages.photoNotAnImage,
      ],
      [
        'an SVG',
        { photo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' },
        KycMessages.photoNotAnImage,
      ],
      [
        'a photo over 2 MB',
        { photo: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) },
        KycMessages.photoTooLarge,
      ],
    ])('refuses %s', async (_what, form, message) => {
      const { user, token } = await newcomer();
      const answer = await sendKyc(token, form);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
      expect(await submissionsOf(user.id)).toEqual([]);
      expect((await status(token)).state).toBe('none');
    });

    it('refuses a second photo', async () => {
      const { token } = await newcomer();
      const form = new FormData();
      form.append('pan', 'ABCDE1234F');
      form.append('aadhaarLast4', '1234');
      form.append('shopPhoto', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
      form.append('shopPhoto', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'b.png');
      const response = await fetch(`${api.url}/api/user/kyc`, {
        method: 'POST',
        body: form,
        headers: bearer(token),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Json).message).toBe(KycMessages.photoOneFile);
    });
  });

  describe('the admin queue', () => {
    it('lists waiting submissions first, oldest first, filters by state and pages', async () => {
      const first = await newcomer();
      const second = await newcomer();
      const decided = await newcomer();
      await sendKyc(decided.token);
      await sendKyc(first.token);
      await sendKyc(second.token);
      const [decidedRow] = await submissionsOf(decided.user.id);
      expect((await decide(decidedRow!.id as string, 'approve')).status).toBe(200);

      const all = await post('admin/kycQueue', adminToken, { pageSize: 100 });
      expect(all.status).toBe(200);
      const ids = (all.body.data as Json[]).map((row) => (row.user as Json)._id);
      const mine = ids.filter((id) => [first, second, decided].some((u) => u.user.id === id));
      expect(mine).toEqual([first.user.id, second.user.id, decided.user.id]);
      const states = (all.body.data as Json[]).map((row) => row.state);
      expect(states.indexOf('approved')).toBeGreaterThan(states.lastIndexOf('submitted'));

      const waiting = await post('admin/kycQueue', adminToken, { state: 'submitted' });
      expect((waiting.body.data as Json[]).every((row) => row.state === 'submitted')).toBe(true);
      const page = await post('admin/kycQueue', adminToken, { page: 2, pageSize: 1 });
      expect(page.body.data).toHaveLength(1);
      expect(page.body.total).toBe(all.body.total);
      expect((page.body.data as Json[])[0]!._id).toBe((all.body.data as Json[])[1]!._id);
      expect((all.body.data as Json[])[0]).toMatchObject({
        pan: 'ABCDE1234F',
        aadhaarLast4: '1234',
        photoType: 'image/png',
        photoBytes: PNG.length,
      });

      const bad = await post('admin/kycQueue', adminToken, { state: 'lost' });
      expect([bad.status, bad.body.message]).toEqual([400, KycMessages.stateInvalid]);
    });

    it('streams the photo to the reviewer only, never cached', async () => {
      const { user, token } = await newcomer();
      await sendKyc(token);
      const [row] = await submissionsOf(user.id);
      const photo = await fetch(`${api.url}/api/admin/kycPhoto/${row!.id}`, {
        headers: bearer(adminToken),
      });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/png');
      expect(photo.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);

      for (const id of [randomUUID(), 'not-an-id']) {
        const missing = await fetch(`${api.url}/api/admin/kycPhoto/${id}`, {
          headers: bearer(adminToken),
        });
        expect(missing.status).toBe(404);
      }
      // Its owner, like any non-admin without the staff service, cannot read it.
      const own = await fetch(`${api.url}/api/admin/kycPhoto/${row!.id}`, {
        headers: bearer(token),
      });
      expect(own.status).toBe(403);
      const anonymous = await fetch(`${api.url}/api/admin/kycPhoto/${row!.id}`);
      expect(anonymous.status).toBe(401);
    });

    it('lets a staff employee read the whole queue, and nobody but admins decide', async () => {
      const { user, token } = await newcomer();
      await sendKyc(token);
      const [row] = await submissionsOf(user.id);
      const staff = await given(api).user({ services: ['wallet', 'staff'] });
      const staffToken = await signIn(api, staff);
      const seen = await post('admin/kycQueue', staffToken, { pageSize: 100 });
      expect(seen.status).toBe(200);
      expect((seen.body.data as Json[]).some((r) => r._id === row!.id)).toBe(true);
      const refused = await decide(row!.id as string, 'approve', undefined, staff.pin, staffToken);
      expect(refused.status).toBe(403);

      // A retailer without the staff service, and a distributor, see no queue at all.
      expect((await post('admin/kycQueue', token)).status).toBe(403);
      const distributor = await given(api).user({ role: 'distributor', services: [] });
      expect((await post('admin/kycQueue', await signIn(api, distributor))).status).toBe(403);
      expect((await submissionsOf(user.id))[0]!.state).toBe('submitted');
    });
  });

  describe('decisions', () => {
    it('rejects with a reason, lets the user send again, then approves; each pushed live', async () => {
      const { user, token } = await newcomer();
      const live = await sockets.connect(api, { token });
      await sendKyc(token);
      const [first] = await submissionsOf(user.id);

      const noReason = await decide(first!.id as string, 'reject', '  ');
      expect([noReason.status, noReason.body.message]).toEqual([400, KycMessages.reasonRequired]);
      const wrongPin = await decide(first!.id as string, 'reject', 'Blurry', '0000');
      expect(wrongPin.status).toBe(422);
      expect((await submissionsOf(user.id))[0]!.state).toBe('submitted');

      const rejected = await decide(first!.id as string, 'reject', 'The photo is blurry');
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({
        message: KycMessages.rejected,
        submission: {
          state: 'rejected',
          reason: 'The photo is blurry',
          decidedBy: { _id: admin.id },
        },
      });
      expect(
        await heard(live, SocketEvent.KycUpdated, (d: Json) => d.state === 'rejected'),
      ).toEqual({ state: 'rejected', reason: 'The photo is blurry' });
      expect(await status(token)).toMatchObject({
        state: 'rejected',
        reason: 'The photo is blurry',
      });
      expect(await services(token)).toEqual(['wallet']);

      const again = await decide(first!.id as string, 'approve');
      expect([again.status, again.body.message]).toEqual([
        409,
        KycMessages.alreadyDecided('rejected'),
      ]);

      expect((await sendKyc(token, { pan: 'ABCDE1234G' })).status).toBe(200);
      const [, second] = await submissionsOf(user.id);
      expect(second).toMatchObject({ state: 'submitted', pan: 'ABCDE1234G' });
      expect((await decide(second!.id as string, 'approve')).status).toBe(200);
      expect(
        await heard(live, SocketEvent.KycUpdated, (d: Json) => d.state === 'approved'),
      ).toEqual({ state: 'approved', reason: null });
      // Issue 23: documents were checked, and the approved PAN is the one on file (TDS reads it).
      expect(await status(token)).toMatchObject({
        state: 'approved',
        reason: null,
        checked: true,
        panOnFile: true,
      });
      const [onFile] = await query<{ pan_sealed: string }>(
        api,
        'SELECT pan_sealed FROM users WHERE id = $1',
        [user.id],
      );
      expect(api.app.get(DataAtRest).open(onFile!.pan_sealed)).toBe('ABCDE1234G');
      expect(await services(token)).toEqual([
        'wallet',
        'payout',
        'aepsAccount',
        'aepsSettlement',
        'aeps',
        'dmt',
        'ppi',
        'bbps',
        'rent',
      ]);
      expect((await sendKyc(token)).body.message).toBe(KycMessages.alreadyApproved);

      // Every step in the audit log, history kept.
      const audit = await query<Json>(
        api,
        `SELECT action, details->>'state' AS state FROM audit_log
          WHERE subject_id = $1 AND action LIKE 'kyc.%' ORDER BY id`,
        [user.id],
      );
      expect(audit).toEqual([
        { action: 'kyc.submit', state: null },
        { action: 'kyc.decision', state: 'rejected' },
        { action: 'kyc.submit', state: null },
        { action: 'kyc.decision', state: 'approved' },
      ]);
    });

    it('lets exactly one of two admins deciding at once win; the others get 409', async () => {
      const { user, token } = await newcomer();
      await sendKyc(token);
      const [row] = await submissionsOf(user.id);
      const second = await given(api).user({ role: 'admin', services: [] });
      const secondToken = await signIn(api, second);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? decide(row!.id as string, 'approve')
            : decide(row!.id as string, 'reject', 'Not a shop', second.pin, secondToken),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(409)]);
      const decisions = await query<Json>(
        api,
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'kyc.decision' AND subject_id = $1",
        [user.id],
      );
      expect(decisions).toEqual([{ n: 1 }]);
      const winner = answers.find((answer) => answer.status === 200)!;
      const state = (winner.body.submission as Json).state;
      expect((await status(token)).state).toBe(state);
    });
  });

  it('tells the owner of an AEPS account live when an admin decides it (aepsAccount.updated)', async () => {
    const owner = await given(api).user();
    const token = await signIn(api, owner);
    const account = await saveBeneficiary(api, owner, { kind: 'aeps', activation: 'pending' });
    const live = await sockets.connect(api, { token });
    const decided = await post(
      'admin/approveAepsBeneficiary',
      adminToken,
      { id: account.id, action: 'reject', remark: 'Name does not match' },
      { pin: admin.pin },
    );
    expect(decided.status).toBe(200);
    expect(await heard(live, SocketEvent.AepsAccountUpdated)).toEqual({
      id: account.id,
      activationStatus: 'rejected',
      remark: 'Name does not match',
    });
  });

  describe('the gate on payouts and AEPS', () => {
    const payHeaders = (user: GivenUser) => ({ pin: user.pin, 'idempotency-key': randomUUID() });

    it('refuses a bank payout, an AEPS settlement and a new AEPS account until KYC is approved, moving no money', async () => {
      const { user, token } = await newcomer();
      await fund(api, user, 100_000);
      await fund(api, user, 100_000, 'aeps');
      const payee = await saveBeneficiary(api, user);
      const aeps = await saveBeneficiary(api, user, { kind: 'aeps' });
      const transfer = (beneficiary: typeof payee, type?: string) =>
        post(
          'payment/bankTransfer',
          token,
          {
            amount: '100',
            beneficiaryName: beneficiary.name,
            beneficiaryAccountNumber: beneficiary.accountNumber,
            beneficiaryIfscCode: beneficiary.ifsc,
            paymentMode: 'IMPS',
            ...(type && { type }),
          },
          payHeaders(user),
        );
      const events = await ledgerEvents();

      for (const state of ['none', 'submitted'] as const) {
        if (state === 'submitted') await sendKyc(token);
        const bank = await transfer(payee);
        expect([bank.status, bank.body.message]).toEqual([403, kycPendingMessage(state)]);
        const settlement = await transfer(aeps, 'aeps');
        expect([settlement.status, settlement.body.message]).toEqual([
          403,
          kycPendingMessage(state),
        ]);
        const account = await post('user/createAepsBeneficiary', token, {
          AccountNo: '123456789012',
          IfscCode: 'SBIN0001234',
          name: 'Ravi Kumar',
          bankName: 'State Bank of India',
        });
        expect([account.status, account.body.message]).toEqual([403, kycPendingMessage(state)]);
      }
      expect(await ledgerEvents()).toBe(events);
      expect(await query(api, 'SELECT id FROM payouts WHERE user_id = $1', [user.id])).toEqual([]);

      const [row] = await submissionsOf(user.id);
      expect((await decide(row!.id as string, 'approve')).status).toBe(200);
      const paid = await transfer(payee);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ success: true, transactionRecord: { status: 'queued' } });
    });

    it('makes test users approved unless told otherwise, so they pay out as users made before KYC', async () => {
      const retailer = await given(api).user({ role: roleName('employee2') });
      expect(await services(await signIn(api, retailer))).toEqual([
        'wallet',
        'payout',
        'aepsAccount',
        'aepsSettlement',
        'aeps',
        'dmt',
        'ppi',
        'bbps',
        'rent',
      ]);
      const [row] = await query<Json>(api, 'SELECT kyc_state FROM users WHERE id = $1', [admin.id]);
      expect(row).toEqual({ kyc_state: 'approved' });
    });
  });
});
