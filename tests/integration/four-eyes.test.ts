import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApprovalMessages, FundRequestMessages, indiaDay, OnboardingMessages } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { fund, ledgerViolations } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, unknown>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Issue 31 item 4: four eyes where one admin could mint money. An admin never moves money on
 * their own wallet; a credit or debit above the threshold (₹1,00,000 by default) and an
 * admin's approval of a fund request with no bank line wait for a second admin, posting
 * nothing until then.
 */
describe('four eyes on admin money', () => {
  let api: TestApi;
  const admins: (GivenUser & { token: string })[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    for (const name of ['Asha Admin', 'Bala Admin', 'Chitra Admin']) {
      const admin = await given(api).user({ role: 'admin', services: [], name });
      admins.push({ ...admin, token: await signIn(api, admin) });
    }
  });
  afterAll(() => api.close());

  const post = (path: string, token: string, body: Json, headers: Record<string, string> = {}) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers: { ...bearer(token), ...headers } });
  const money = (
    path: 'creditWallet' | 'debitWallet',
    admin: GivenUser & { token: string },
    body: Json,
    key: string = randomUUID(),
  ) => post(`admin/${path}`, admin.token, body, { pin: admin.pin, 'idempotency-key': key });
  const decide = (admin: GivenUser & { token: string }, body: Json, pin = admin.pin) =>
    post('admin/approvals/decide', admin.token, body, { pin });
  const walletPaise = async (userId: string) =>
    Number(
      (
        await query<{ balance: string }>(
          api,
          `SELECT credits_posted - debits_posted AS balance FROM ledger_accounts
            WHERE owner_id = $1 AND kind = 'wallet'`,
          [userId],
        )
      )[0]!.balance,
    );
  const eventCount = async () =>
    Number((await query<{ n: string }>(api, 'SELECT count(*) AS n FROM ledger_events'))[0]!.n);
  const auditOf = async (approvalId: string) =>
    (
      await query<{ action: string; actor_id: string }>(
        api,
        `SELECT action, actor_id FROM audit_log
          WHERE details->>'approvalId' = $1 ORDER BY id`,
        [approvalId],
      )
    ).map((row) => [row.action, row.actor_id]);

  it('refuses an admin credit or debit of their own wallet with a 403, moving nothing', async () => {
    const [asha] = admins;
    const before = await eventCount();
    const asks = [
      ['creditWallet', { mobile: asha!.mobile, amount: '500', remark: 'mine' }],
      ['debitWallet', { mobile: asha!.mobile, amount: '500', reason: 'mine' }],
    ] as const;
    for (const [path, body] of asks) {
      const answer = await money(path, asha!, body);
      expect([answer.status, answer.body.message]).toEqual([403, ApprovalMessages.ownWallet]);
    }
    expect(await eventCount()).toBe(before);
    expect(await walletPaise(asha!.id)).toBe(0);
  });

  it('credits at the threshold at once, as before', async () => {
    const retailer = await given(api).user();
    const answer = await money('creditWallet', admins[0]!, {
      mobile: retailer.mobile,
      amount: '100000',
      remark: 'float',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Wallet credited.');
    expect(await walletPaise(retailer.id)).toBe(100_000_00);
  });

  it("holds a credit above the threshold until a different admin approves it with their PIN, then posts it once through the credit's own path", async () => {
    const [asha, bala] = admins;
    const retailer = await given(api).user();
    const before = await eventCount();
    const waiting = async () =>
      ((await post('admin/dashboard', bala!.token, {})).body.queues as Json)
        .approvalsWaiting as number;
    const waitingBefore = await waiting();
    const key = randomUUID();
    const body = { mobile: retailer.mobile, amount: '150000.50', remark: 'big float' };
    const asked = await money('creditWallet', asha!, body, key);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      success: true,
      message: ApprovalMessages.sentForApproval,
      pendingApproval: {
        kind: 'wallet.credit',
        state: 'pending',
        amount: 150000.5,
        remark: 'big float',
        subject: { _id: retailer.id },
        requestedBy: { _id: asha!.id },
        canDecide: false,
      },
    });
    expect(asked.body.transactionRecord).toBeUndefined();
    const id = (asked.body.pendingApproval as Json)._id as string;
    // The same key asks once.
    const again = await money('creditWallet', asha!, body, key);
    expect([again.status, (again.body.pendingApproval as Json)._id]).toEqual([202, id]);
    expect(await eventCount()).toBe(before);
    expect(await walletPaise(retailer.id)).toBe(0);

    // The admins' dashboard counts it among its queues.
    expect(await waiting()).toBe(waitingBefore + 1);
    const queue = await post('admin/approvals', bala!.token, {});
    expect((queue.body.data as Json[]).find((row) => row._id === id)).toMatchObject({
      canDecide: true,
    });

    const own = await decide(asha!, { id, action: 'approve' });
    expect([own.status, own.body.message]).toEqual([403, ApprovalMessages.ownRequest]);
    const wrongPin = await decide(bala!, { id, action: 'approve' }, '9999');
    expect(wrongPin.status).toBeGreaterThanOrEqual(400);
    expect(wrongPin.status).toBeLessThan(500);
    expect(await eventCount()).toBe(before);

    const approved = await decide(bala!, { id, action: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: ApprovalMessages.approved,
      approval: {
        state: 'approved',
        decidedBy: { _id: bala!.id },
        orderID: expect.stringMatching(/^KH\d{10}$/),
      },
    });
    expect(await walletPaise(retailer.id)).toBe(150_000_50);
    expect(await eventCount()).toBe(before + 1);
    expect(await waiting()).toBe(waitingBefore);
    const [event] = await query<{ actor_id: string; metadata: Json; type: string }>(
      api,
      `SELECT actor_id, metadata, type FROM ledger_events WHERE idempotency_key = $1`,
      [`approval:${id}`],
    );
    expect(event).toMatchObject({
      type: 'wallet.credited',
      actor_id: asha!.id,
      metadata: { approvalId: id, approvedBy: bala!.id },
    });
    expect(await auditOf(id)).toEqual([
      ['approval.request', asha!.id],
      ['wallet.credit', bala!.id],
      ['approval.approve', bala!.id],
    ]);

    const twice = await decide(bala!, { id, action: 'approve' });
    expect([twice.status, twice.body.message]).toEqual([
      409,
      ApprovalMessages.alreadyDecided('approved'),
    ]);
    // The requester's retry of the same key still answers the request, and moves nothing.
    expect((await money('creditWallet', asha!, body, key)).status).toBe(202);
    expect(await walletPaise(retailer.id)).toBe(150_000_50);
  });

  it('lets a second admin reject a debit above the threshold with a reason; nothing posts', async () => {
    const [asha, bala] = admins;
    const retailer = await given(api).user();
    await fund(api, retailer, 300_000_00);
    const asked = await money('debitWallet', asha!, {
      mobile: retailer.mobile,
      amount: '200000',
      reason: 'Recovery of a wrong credit',
    });
    expect(asked.status).toBe(202);
    const id = (asked.body.pendingApproval as Json)._id as string;
    const noReason = await decide(bala!, { id, action: 'reject' });
    expect([noReason.status, noReason.body.message]).toEqual([
      400,
      ApprovalMessages.reasonRequired,
    ]);
    const rejected = await decide(bala!, { id, action: 'reject', reason: 'No ticket for it' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.approval).toMatchObject({ state: 'rejected', reason: 'No ticket for it' });
    const late = await decide(admins[2]!, { id, action: 'approve' });
    expect([late.status, late.body.message]).toEqual([
      409,
      ApprovalMessages.alreadyDecided('rejected'),
    ]);
    expect(await walletPaise(retailer.id)).toBe(300_000_00);
    expect(await auditOf(id)).toEqual([
      ['approval.request', asha!.id],
      ['approval.reject', bala!.id],
    ]);
  });

  it('does not let an admin approve money for their own wallet; a third admin can', async () => {
    const [asha, bala, chitra] = admins;
    const asked = await money('creditWallet', asha!, { mobile: bala!.mobile, amount: '250000' });
    const id = (asked.body.pendingApproval as Json)._id as string;
    const mine = await decide(bala!, { id, action: 'approve' });
    expect([mine.status, mine.body.message]).toEqual([403, ApprovalMessages.ownWalletApproval]);
    const notMineToReject = await decide(bala!, { id, action: 'reject', reason: 'Not needed' });
    expect(notMineToReject.status).toBe(403);
    expect(await walletPaise(bala!.id)).toBe(0);
    expect((await decide(chitra!, { id, action: 'approve' })).status).toBe(200);
    expect(await walletPaise(bala!.id)).toBe(250_000_00);
  });

  it('posts exactly once under a burst of parallel approvals by two admins, the ledger balanced', async () => {
    const [asha, bala, chitra] = admins;
    const retailer = await given(api).user();
    const asked = await money('creditWallet', asha!, { mobile: retailer.mobile, amount: '400000' });
    const id = (asked.body.pendingApproval as Json)._id as string;
    const before = await eventCount();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        decide(i % 2 ? bala! : chitra!, { id, action: 'approve' }),
      ),
    );
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    expect(await eventCount()).toBe(before + 1);
    expect(await walletPaise(retailer.id)).toBe(400_000_00);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  describe('creating an admin or a partner', () => {
    const alertsFor = async (mobile: string) =>
      (
        await query<{ to_mobile: string }>(
          api,
          `SELECT to_mobile FROM sandbox_sms_outbox
            WHERE body LIKE 'Khata security alert:%' AND body LIKE '%' || $1 || '%'`,
          [`ending ${mobile.slice(-4)}`],
        )
      ).map((row) => row.to_mobile);
    const activeAdminMobiles = async () =>
      (
        await query<{ mobile: string }>(
          api,
          `SELECT mobile FROM users WHERE role = 'admin' AND status = 'active'`,
        )
      ).map((row) => row.mobile);
    const flags = async (mobile: string) =>
      (
        await query<Json>(
          api,
          'SELECT password_temporary, pin_temporary FROM users WHERE mobile = $1',
          [mobile],
        )
      )[0];

    it("creates an admin only with the creator's PIN, on temporary credentials, and tells every admin by SMS", async () => {
      const [asha] = admins;
      const mobile = newMobile();
      const fields = { name: 'Dev Admin', mobile, role: 'admin', shopName: 'Head office' };
      const noPin = await post('admin/register-user', asha!.token, fields);
      expect(noPin.status).toBe(400);
      const wrongPin = await post('admin/register-user', asha!.token, fields, { pin: '9999' });
      expect(wrongPin.status).toBe(422);
      const direct = await post(
        'admin/register-user',
        asha!.token,
        { ...fields, password: 'Secret@12345', pin: '2468' },
        { pin: asha!.pin },
      );
      expect([direct.status, direct.body.message]).toEqual([
        400,
        OnboardingMessages.adminCredentialsTemporary,
      ]);
      expect(await query(api, 'SELECT 1 FROM users WHERE mobile = $1', [mobile])).toEqual([]);

      const created = await post('admin/register-user', asha!.token, fields, { pin: asha!.pin });
      expect(created.status).toBe(201);
      expect(await flags(mobile)).toEqual({ password_temporary: true, pin_temporary: true });
      const told = await alertsFor(mobile);
      expect(told.sort()).toEqual((await activeAdminMobiles()).filter((m) => m !== mobile).sort());
      expect(told).toEqual(expect.arrayContaining(admins.map((admin) => admin.mobile)));
    });

    it("creates a partner only with the admin's PIN, and tells every admin by SMS", async () => {
      const [, bala] = admins;
      const mobile = newMobile();
      const fields = { name: 'Acme', mobile, businessName: 'Acme Payroll Ltd' };
      const noPin = await post('admin/createPartner', bala!.token, fields);
      expect(noPin.status).toBe(400);
      expect(await query(api, 'SELECT 1 FROM users WHERE mobile = $1', [mobile])).toEqual([]);
      const created = await post('admin/createPartner', bala!.token, fields, { pin: bala!.pin });
      expect(created.status).toBe(200);
      expect(await flags(mobile)).toEqual({ password_temporary: true, pin_temporary: true });
      expect((await alertsFor(mobile)).sort()).toEqual((await activeAdminMobiles()).sort());
    });
  });

  describe('fund requests', () => {
    let bankId: string;

    beforeAll(async () => {
      const saved = await post('admin/companyBankAccount', admins[0]!.token, {
        bankName: 'HDFC Bank',
        accountName: 'Khata Payments Pvt Ltd',
        accountNumber: `5010${Date.now() % 1e8}`,
        ifsc: 'HDFC0001234',
      });
      bankId = (saved.body.account as Json)._id as string;
    });

    async function askFunds(token: string, amount: string) {
      const form = new FormData();
      const fields = {
        amount,
        mode: 'IMPS',
        utr: `UTR${Date.now() % 1e9}${Math.floor(Math.random() * 1000)}`,
        bankAccountId: bankId,
        depositDate: indiaDay(new Date()),
        remark: 'Top-up',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('proof', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'proof.png');
      const response = await fetch(`${api.url}/api/user/paymentRequest`, {
        method: 'POST',
        body: form,
        headers: bearer(token),
      });
      return ((await response.json()) as Json).request as Json;
    }

    it("sends an admin's approval with no bank line to a second admin; the second admin's approval pays it once", async () => {
      const [asha, bala] = admins;
      const user = await given(api).user();
      const request = await askFunds(await signIn(api, user), '700');
      const first = await post(
        'admin/paymentApproval',
        asha!.token,
        { id: request._id, action: 'approve' },
        { pin: asha!.pin },
      );
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({
        message: ApprovalMessages.sentForApproval,
        pendingApproval: { kind: 'fund-request.approve', fundRequestId: request._id, amount: 700 },
      });
      const [waiting] = await query<{ state: string }>(
        api,
        'SELECT state FROM fund_requests WHERE id = $1',
        [request._id],
      );
      expect(waiting!.state).toBe('pending');
      expect(await walletPaise(user.id)).toBe(0);
      // A second admin's direct approval of the same request does not open a second one.
      const twice = await post(
        'admin/paymentApproval',
        bala!.token,
        { id: request._id, action: 'approve' },
        { pin: bala!.pin },
      );
      expect([twice.status, twice.body.message]).toEqual([409, ApprovalMessages.alreadyAwaiting]);

      const id = (first.body.pendingApproval as Json)._id as string;
      const approved = await decide(bala!, { id, action: 'approve' });
      expect(approved.status).toBe(200);
      expect(await walletPaise(user.id)).toBe(700_00);
      const [decided] = await query<{ state: string; decided_by: string }>(
        api,
        'SELECT state, decided_by FROM fund_requests WHERE id = $1',
        [request._id],
      );
      expect(decided).toEqual({ state: 'approved', decided_by: bala!.id });
      const again = await post(
        'admin/paymentApproval',
        asha!.token,
        { id: request._id, action: 'approve' },
        { pin: asha!.pin },
      );
      expect([again.status, again.body.message]).toEqual([
        409,
        FundRequestMessages.alreadyDecided('approved'),
      ]);
    });
  });
});
