import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FundRequestMessages, indiaDay, SocketEvent } from '@khata/domain';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund } from '../support/payouts.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, unknown>;

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const today = () => indiaDay(new Date());

let utrCounter = 0;
const newUtr = () => `UTR${Date.now() % 1e9}${++utrCounter}`;

describe('fund requests: asked with a proof, approved once by the upline or an admin, reconciled against the bank', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let bankId: string;
  const sockets = socketClients();

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    const saved = await post('admin/companyBankAccount', adminToken, {
      bankName: 'HDFC Bank',
      accountName: 'Khata Payments Pvt Ltd',
      accountNumber: `5010${Date.now() % 1e8}`,
      ifsc: 'HDFC0001234',
    });
    expect(saved.status).toBe(200);
    bankId = (saved.body.account as Json)._id as string;
  });
  afterAll(async () => {
    sockets.closeAll();
    await api.close();
  });

  const post = (path: string, token: string, body: Json = {}, headers: Json = {}) =>
    call<Json>(`${api.url}/api/${path}`, {
      body,
      headers: { ...bearer(token), ...(headers as Record<string, string>) },
    });

  async function ask(
    token: string,
    fields: Json = {},
    proof: { bytes: Buffer; type: string; name: string } | null = {
      bytes: PNG,
      type: 'image/png',
      name: 'proof.png',
    },
  ) {
    const form = new FormData();
    const all: Json = {
      amount: '1500',
      mode: 'IMPS',
      utr: newUtr(),
      bankAccountId: bankId,
      depositDate: today(),
      remark: 'Top-up',
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) {
      if (value !== undefined) form.append(key, String(value));
    }
    if (proof)
      form.append(
        'proof',
        new Blob([new Uint8Array(proof.bytes)], { type: proof.type }),
        proof.name,
      );
    const response = await fetch(`${api.url}/api/user/paymentRequest`, {
      method: 'POST',
      body: form,
      headers: bearer(token),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  const decide = (token: string, pin: string, body: Json) =>
    post('admin/paymentApproval', token, body, { pin });
  const balance = async (token: string) =>
    (await post('user/checkBalance', token)).body.balance as number;

  /** A distributor with a wallet, and a retailer below it. */
  async function network(distributorPaise = 50_000_00) {
    const distributor = await given(api).user({ role: 'distributor' });
    const retailer = await given(api).user({ parent: distributor });
    if (distributorPaise) await fund(api, distributor, distributorPaise);
    return {
      distributor,
      retailer,
      distributorToken: await signIn(api, distributor),
      retailerToken: await signIn(api, retailer),
    };
  }

  it('lets a retailer ask with a proof; its distributor approves from its own wallet, once, and both hear it live', async () => {
    const { distributor, distributorToken, retailerToken } = await network();
    const live = await sockets.connect(api, { token: retailerToken });
    const asked = await ask(retailerToken, { amount: '2500.50' });
    expect(asked.status).toBe(200);
    const request = asked.body.request as Json;
    expect(request).toMatchObject({
      amount: 2500.5,
      state: 'pending',
      proofType: 'image/png',
      approver: { _id: distributor.id },
      bank: { _id: bankId, bankName: 'HDFC Bank' },
    });
    await heard(
      live,
      SocketEvent.FundRequestUpdated,
      (u: Json) => u.id === request._id && u.state === 'pending',
    );

    // The distributor sees it in its queue, may decide it, and can open the proof.
    const dashboard = await post('admin/dashboard', distributorToken);
    expect(dashboard.body.fundRequestsWaiting).toBe(1);
    const queue = await post('admin/paymentApprovals', distributorToken, { state: 'pending' });
    expect((queue.body.data as Json[]).find((r) => r._id === request._id)).toMatchObject({
      canDecide: true,
    });
    const proof = await fetch(`${api.url}/api/user/paymentProof/${String(request._id)}`, {
      headers: bearer(distributorToken),
    });
    expect(proof.status).toBe(200);
    expect(proof.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await proof.arrayBuffer()).equals(PNG)).toBe(true);

    const before = await balance(retailerToken);
    const approved = await decide(distributorToken, distributor.pin, {
      id: request._id,
      action: 'approve',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(FundRequestMessages.approved);
    expect(approved.body.request).toMatchObject({
      state: 'approved',
      decidedBy: { _id: distributor.id },
    });
    expect(await balance(retailerToken)).toBeCloseTo(before + 2500.5, 2);
    expect(await balance(distributorToken)).toBeCloseTo(50_000 - 2500.5, 2);
    await heard(
      live,
      SocketEvent.FundRequestUpdated,
      (u: Json) => u.id === request._id && u.state === 'approved',
    );
    await heard(
      live,
      SocketEvent.BalanceUpdated,
      (u: Json) => Math.abs((u.balance as number) - (before + 2500.5)) < 0.001,
    );
    // The report has it for both sides, as a fund request with the UTR as its reference.
    const report = await post('user/transactions', retailerToken, { type: 'fundRequest' });
    expect((report.body.data as Json[])[0]).toMatchObject({
      type: 'fundRequest',
      status: 'success',
      externalRef: request.utr,
    });
    const paid = await post('user/transactions', distributorToken, { type: 'fundRequest' });
    expect((paid.body.data as Json[]).length).toBe(1);
  });

  it('refuses a request sent with no proof file, with its message', async () => {
    // What each field and the proof's bytes are refused for: tests/medium/fund-requests.
    const { retailerToken } = await network(0);
    const noProof = await ask(retailerToken, {}, null);
    expect([noProof.status, noProof.body.message]).toEqual([
      400,
      FundRequestMessages.proofRequired,
    ]);
  });

  it("answers 404 to a distributor outside the requester's upline and 403 to an admin who is not its approver", async () => {
    const { distributor, retailerToken } = await network(0);
    const stranger = await network();
    const request = (await ask(retailerToken, { amount: '1000' })).body.request as Json;

    const outside = await decide(stranger.distributorToken, stranger.distributor.pin, {
      id: request._id,
      action: 'approve',
    });
    expect([outside.status, outside.body.message]).toEqual([404, FundRequestMessages.notFound]);
    const missing = await decide(stranger.distributorToken, stranger.distributor.pin, {
      id: '00000000-0000-4000-8000-000000000000',
      action: 'approve',
    });
    expect([missing.status, missing.body.message]).toEqual([404, FundRequestMessages.notFound]);
    const proof = await fetch(`${api.url}/api/user/paymentProof/${String(request._id)}`, {
      headers: bearer(stranger.distributorToken),
    });
    expect(proof.status).toBe(404);
    const queue = await post('admin/paymentApprovals', stranger.distributorToken, {});
    expect((queue.body.data as Json[]).some((r) => r._id === request._id)).toBe(false);

    // An admin sees it, but the retailer's distributor is the one who pays it.
    const byAdmin = await decide(adminToken, admin.pin, { id: request._id, action: 'approve' });
    expect([byAdmin.status, byAdmin.body.message]).toEqual([
      403,
      FundRequestMessages.notYourApproval(distributor.name),
    ]);
  });

  it("sends a distributor's own request, and a direct user's, to an admin, paid from the company's funding account", async () => {
    const { distributor, distributorToken } = await network(0);
    const waiting = async () =>
      ((await post('admin/dashboard', adminToken)).body.queues as Json)
        .fundRequestsWaiting as number;
    const before = await waiting();
    const adminLive = await sockets.connect(api, { token: adminToken });
    const mine = (await ask(distributorToken, { amount: '5000' })).body.request as Json;
    expect(await waiting()).toBe(before + 1);
    // The admins' open queues hear it.
    await heard(
      adminLive,
      SocketEvent.FundRequestUpdated,
      (u: Json) => u.id === mine._id && u.state === 'pending',
    );
    expect(mine.approver).toBeNull();
    const selfApprove = await decide(distributorToken, distributor.pin, {
      id: mine._id,
      action: 'approve',
    });
    expect(selfApprove.status).toBe(403);
    const direct = await given(api).user();
    const directToken = await signIn(api, direct);
    const theirs = (await ask(directToken, { amount: '700' })).body.request as Json;
    expect(theirs.approver).toBeNull();
    const queue = await post('admin/paymentApprovals', adminToken, {
      state: 'pending',
      pageSize: 100,
    });
    expect((queue.body.data as Json[]).find((r) => r._id === mine._id)).toMatchObject({
      canDecide: true,
    });
    // With no bank line behind it, an admin's approval waits for a second admin (issue 31).
    const asked = await decide(adminToken, admin.pin, { id: mine._id, action: 'approve' });
    expect(asked.status).toBe(202);
    expect(await balance(distributorToken)).toBe(0);
    const second = await given(api).user({ role: 'admin', services: [] });
    const approved = await post(
      'admin/approvals/decide',
      await signIn(api, second),
      { id: (asked.body.pendingApproval as Json)._id, action: 'approve' },
      { pin: second.pin },
    );
    expect(approved.status).toBe(200);
    expect(await balance(distributorToken)).toBe(5000);
    const [event] = await query<{ type: string; data: Json }>(
      api,
      'SELECT type, data FROM ledger_events WHERE stream = $1',
      [`fund-request:${String(mine._id)}`],
    );
    expect(event!.type).toBe('wallet.credited');
    const own = await post('user/paymentRequests', distributorToken, {});
    expect((own.body.data as Json[])[0]).toMatchObject({ _id: mine._id, state: 'approved' });
  });

  it('matches a bank statement by UTR, amount and date, approves with the PIN against its line, and flags the rest', async () => {
    const bank = await post('admin/companyBankAccount', adminToken, {
      bankName: 'ICICI Bank',
      accountName: 'Khata Payments Pvt Ltd',
      accountNumber: `6020${Date.now() % 1e8}`,
      ifsc: 'ICIC0004321',
    });
    const iciciId = (bank.body.account as Json)._id as string;
    const direct = await given(api).user();
    const token = await signIn(api, direct);
    const [u1, u2, u3, u4] = [newUtr(), newUtr(), newUtr(), newUtr()];
    const day = today();
    const r1 = (await ask(token, { bankAccountId: iciciId, utr: u1, amount: '1200.75' })).body
      .request as Json;
    const r2 = (await ask(token, { bankAccountId: iciciId, utr: u2, amount: '800' })).body
      .request as Json;
    const r3 = (await ask(token, { bankAccountId: iciciId, utr: u3, amount: '300' })).body
      .request as Json;
    const csv = [
      'Txn Date,Narration,UTR No,Debit,Credit',
      `${day.split('-').reverse().join('-')},IMPS from shop,${u1},,"1,200.75"`,
      `${day},NEFT from shop,${u2},,900.00`,
      `${day},Rent,RENT${u4},5000,`,
      `${day},Unknown deposit,${u4},,450`,
    ].join('\n');
    const upload = async (text: string) => {
      const form = new FormData();
      form.append('bankAccountId', iciciId);
      form.append('statement', new Blob([text], { type: 'text/csv' }), 'statement.csv');
      const response = await fetch(`${api.url}/api/admin/bankStatement`, {
        method: 'POST',
        body: form,
        headers: bearer(adminToken),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const uploaded = await upload(csv);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ added: 3, repeated: false });
    const matches = uploaded.body.matches as {
      proposals: { request: Json; line: Json }[];
      unsupported: { request: Json; why: string }[];
      unclaimed: Json[];
      totals: Json;
    };
    expect(matches.proposals.map((p) => p.request._id)).toEqual([r1._id]);
    expect(matches.unsupported.map((u) => [u.request._id, u.why])).toEqual([
      [r2._id, 'The bank line with this UTR has another amount.'],
      [r3._id, 'No bank line has this UTR.'],
    ]);
    expect(matches.unclaimed.map((l) => l.utr)).toEqual([u2, u4]);
    expect(matches.totals).toEqual({
      lines: 2550.75,
      reconciled: 0,
      proposed: 1200.75,
      unclaimed: 1350,
    });

    // The same file again adds nothing, even sent twice at the same moment; an overlapping
    // statement adds only its new line.
    const repeat = await upload(csv);
    expect(repeat.body).toMatchObject({ added: 0, repeated: true });
    const u5 = newUtr();
    const overlapping = `${csv}\n${day},Late deposit,${u5},,10`;
    const twins = await Promise.all([upload(overlapping), upload(overlapping)]);
    expect(twins.map((t) => [t.status, t.body.added]).sort()).toEqual([
      [200, 0],
      [200, 1],
    ]);
    const lineCount = await query<{ n: string }>(
      api,
      'SELECT count(*) AS n FROM bank_statement_lines WHERE bank_account_id = $1',
      [iciciId],
    );
    expect(Number(lineCount[0]!.n)).toBe(4);

    // r1 approved against its own line (the refusals of a line: tests/medium/fund-requests).
    const lineOf = (utr: string) =>
      [...matches.proposals.map((p) => p.line), ...matches.unclaimed].find((l) => l.utr === utr)!;
    const mismatch = await decide(adminToken, admin.pin, {
      id: r2._id,
      action: 'approve',
      statementLineId: lineOf(u4)._id,
    });
    expect([mismatch.status, mismatch.body.message]).toEqual([
      400,
      FundRequestMessages.lineMismatch,
    ]);
    const approved = await decide(adminToken, admin.pin, {
      id: r1._id,
      action: 'approve',
      statementLineId: lineOf(u1)._id,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({
      state: 'approved',
      statementLineId: lineOf(u1)._id,
    });
    const [event] = await query<{ data: { fundRequest: Json } }>(
      api,
      'SELECT data FROM ledger_events WHERE stream = $1',
      [`fund-request:${String(r1._id)}`],
    );
    expect(event!.data.fundRequest.statementLineId).toBe(lineOf(u1)._id);
    expect(await balance(token)).toBe(1200.75);

    const after = await post('admin/bankStatementMatches', adminToken, { bankAccountId: iciciId });
    const now = after.body.matches as typeof matches & {
      reconciled: { request: Json; line: Json }[];
    };
    expect(now.proposals).toEqual([]);
    expect(now.reconciled.map((r) => [r.request._id, r.line.utr])).toEqual([[r1._id, u1]]);
    // To the paisa: the late ₹10 line is unclaimed too.
    expect(now.totals).toEqual({
      lines: 2560.75,
      reconciled: 1200.75,
      proposed: 0,
      unclaimed: 1360,
    });
  });
});
