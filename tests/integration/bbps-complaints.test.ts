import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  BBPS_SERVICE_REASONS,
  BBPS_TRANSACTION_DISPOSITIONS,
  type ComplaintDetail,
  type ComplaintSummary,
  DHBVN_BILLER_ID,
} from '@khata/domain';
import { BBPS_CODES, dhbvnAccount, SHOP_PLACE } from '../support/bbps.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { BbpsComplaintSweep } from '../../apps/api/src/bbps/bbps-complaint-sweep.js';
import { BbpsProvider } from '../../apps/api/src/bbps/bbps-provider.js';

type Answer<T> = { success?: boolean; message?: string; data: T };
interface Payment {
  id: string;
  status: string;
  bbpsReference: string | null;
}

const MOBILE = '9812345678';
const DISPOSITION = BBPS_TRANSACTION_DISPOSITIONS[0];

/**
 * BBPS complaints end to end (issue 27) on the real API, Postgres and the sandbox BBPS
 * provider, which registers a transaction complaint only on a payment it took and moves a
 * complaint one step per status enquiry: logged → assigned → resolved.
 */
describe('BBPS complaints: raised with Bharat BillPay, listed with the complaints, resolved by enquiry', () => {
  let api: TestApi;
  let admin: GivenUser;
  let distributor: GivenUser;
  const clock = new MovableClock();

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent' }, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  });
  afterAll(async () => {
    await api.close();
  });

  interface Shop {
    user: GivenUser;
    token: string;
  }

  async function shop(): Promise<Shop> {
    const user = await given(api).user({ parent: distributor });
    await fund(api, user, 1_00_000_00);
    return { user, token: await signIn(api, user) };
  }

  async function paidBill(who: Shop, code: string = BBPS_CODES.due): Promise<Payment> {
    const account = dhbvnAccount(code);
    const params = { 'Account Number': account, 'Mobile Number': MOBILE };
    const bill = await call<Answer<{ fetchId: string; amount: number }>>(
      `${api.url}/api/bbps/bills/fetch`,
      {
        body: { billerId: DHBVN_BILLER_ID, params, customerMobile: MOBILE, ...SHOP_PLACE },
        headers: bearer(who.token),
      },
    );
    expect(bill.status).toBe(200);
    const paid = await call<Answer<Payment>>(`${api.url}/api/bbps/payments`, {
      body: {
        billerId: DHBVN_BILLER_ID,
        params,
        fetchId: bill.body.data.fetchId,
        amount: bill.body.data.amount,
        customerMobile: MOBILE,
        pin: who.user.pin,
        ...SHOP_PLACE,
      },
      headers: { ...bearer(who.token), 'idempotency-key': randomUUID() },
    });
    expect(paid.status).toBe(200);
    return paid.body.data;
  }

  const complainOn = (who: Shop, paymentId: string, body: Record<string, unknown> = {}) =>
    call<Answer<ComplaintSummary>>(`${api.url}/api/bbps/payments/${paymentId}/complaints`, {
      body: { disposition: DISPOSITION, description: 'The account still shows the bill.', ...body },
      headers: bearer(who.token),
    });

  const complainAbout = (who: Shop, body: Record<string, unknown>) =>
    call<Answer<ComplaintSummary>>(`${api.url}/api/bbps/complaints`, {
      body: { description: 'Asked for ₹20 over the bill.', ...body },
      headers: bearer(who.token),
    });

  const check = (token: string, id: string) =>
    call<Answer<ComplaintSummary>>(`${api.url}/api/bbps/complaints/${id}/check`, {
      body: {},
      headers: bearer(token),
    });

  async function sandboxComplaints(txnRefId: string): Promise<number> {
    const [row] = await query<{ n: string }>(
      api,
      'SELECT count(*) AS n FROM sandbox_bbps_complaints WHERE txn_ref_id = $1',
      [txnRefId],
    );
    return Number(row!.n);
  }

  it('registers a transaction complaint on a paid bill: the BBPS id, status, deadline and payment kept', async () => {
    const counter = await shop();
    const payment = await paidBill(counter);
    const answer = await complainOn(counter, payment.id);
    expect(answer.status).toBe(200);
    const bbps = answer.body.data.bbps!;
    expect(bbps).toMatchObject({
      type: 'transaction',
      disposition: DISPOSITION,
      paymentId: payment.id,
      bbpsReference: payment.bbpsReference,
      billerId: DHBVN_BILLER_ID,
      status: 'logged',
    });
    expect(bbps.complaintId).toMatch(/^CC01[0-9]{11}$/);
    expect(answer.body.message).toContain(bbps.complaintId);
    // Due 7 India days (BBPS_COMPLAINT_TAT_DAYS' default) after the day it was raised.
    const raisedOn = new Date(clock.now().getTime() + 5.5 * 3600_000);
    const due = new Date(
      Date.UTC(raisedOn.getUTCFullYear(), raisedOn.getUTCMonth(), raisedOn.getUTCDate() + 7),
    );
    expect(bbps.dueOn).toBe(due.toISOString().slice(0, 10));
    expect(answer.body.data.status).toBe('open');
    expect(await sandboxComplaints(payment.bbpsReference!)).toBe(1);
    const mine = await call<{ data: ComplaintSummary[] }>(`${api.url}/api/user/complaints`, {
      body: {},
      headers: bearer(counter.token),
    });
    expect(mine.body.data.map((one) => one.bbps?.complaintId)).toEqual([bbps.complaintId]);
  });

  it('registers service complaints against an agent and against a biller', async () => {
    const counter = await shop();
    const agent = await complainAbout(counter, {
      party: 'agent',
      reason: 'Agent overcharging',
    });
    expect(agent.status).toBe(200);
    expect(agent.body.data.bbps).toMatchObject({
      type: 'service',
      party: 'agent',
      disposition: 'Agent overcharging',
      paymentId: null,
      status: 'logged',
    });
    const biller = await complainAbout(counter, {
      party: 'biller',
      billerId: DHBVN_BILLER_ID,
      reason: BBPS_SERVICE_REASONS[6],
    });
    expect(biller.status).toBe(200);
    expect(biller.body.data.bbps).toMatchObject({ party: 'biller', billerId: DHBVN_BILLER_ID });
    expect(biller.body.data.bbps!.billerName).toBeTruthy();
    const noBiller = await complainAbout(counter, { party: 'biller', reason: 'Agent misbehaved' });
    expect(noBiller.status).toBe(400);
    expect(noBiller.body.message).toBe('Please choose the biller the complaint is about.');
  });

  it('refuses an unknown disposition (400), another shop’s payment (404) and a failed payment (422)', async () => {
    const counter = await shop();
    const other = await shop();
    const payment = await paidBill(counter);
    const unknown = await complainOn(counter, payment.id, { disposition: 'Bill too high' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Please choose one of the BBPS complaint dispositions.');
    const noText = await complainOn(counter, payment.id, { description: '  ' });
    expect(noText.status).toBe(400);
    const theirs = await complainOn(other, payment.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Bill payment not found.');
    const failed = await paidBill(counter, BBPS_CODES.payFails);
    expect(failed.status).toBe('failed');
    const onFailed = await complainOn(counter, failed.id);
    expect(onFailed.status).toBe(422);
    expect(onFailed.body.message).toMatch(/did not take this payment/);
    const reason = await complainAbout(counter, { party: 'agent', reason: 'Rude' });
    expect(reason.status).toBe(400);
    const [row] = await query<{ n: string }>(
      api,
      'SELECT count(*) AS n FROM complaints WHERE user_id = ANY($1::uuid[])',
      [[counter.user.id, other.user.id]],
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('a provider that does not answer: 503 and nothing kept', async () => {
    const counter = await shop();
    const payment = await paidBill(counter);
    const provider = api.app.get(BbpsProvider);
    const down = jest
      .spyOn(provider, 'registerComplaint')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    try {
      const answer = await complainOn(counter, payment.id);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/did not answer/);
    } finally {
      down.mockRestore();
    }
    const [row] = await query<{ n: string }>(
      api,
      'SELECT count(*) AS n FROM complaints WHERE user_id = $1',
      [counter.user.id],
    );
    expect(Number(row!.n)).toBe(0);
    expect((await complainOn(counter, payment.id)).status).toBe(200);
  });

  it('a burst of ten complaints on one payment registers one; the rest are told which is open', async () => {
    const counter = await shop();
    const payment = await paidBill(counter);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => complainOn(counter, payment.id)),
    );
    const made = answers.filter((one) => one.status === 200);
    const refused = answers.filter((one) => one.status === 409);
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.message).toContain(made[0]!.body.data.bbps!.complaintId);
    const rows = await query<{ id: string }>(
      api,
      'SELECT id FROM complaints WHERE bbps_payment_id = $1',
      [payment.id],
    );
    expect(rows).toHaveLength(1);
    expect(await sandboxComplaints(payment.bbpsReference!)).toBe(1);
  });

  it('moves logged → assigned → resolved by enquiry, resolves the complaint with BBPS’s remarks; the admin sees it', async () => {
    const counter = await shop();
    const payment = await paidBill(counter);
    const raised = (await complainOn(counter, payment.id)).body.data;

    const assigned = await check(counter.token, raised.id);
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.bbps).toMatchObject({ status: 'assigned' });
    expect(assigned.body.data.bbps!.assignedTo).toBeTruthy();
    expect(assigned.body.data.status).toBe('open');

    const stranger = await shop();
    expect((await check(stranger.token, raised.id)).status).toBe(404);

    // The sweep asks only once the complaint's next check is due.
    expect(await api.app.get(BbpsComplaintSweep).sweep()).toBe(0);
    clock.advance({ minutes: 31 });
    expect(await api.app.get(BbpsComplaintSweep).sweep()).toBeGreaterThanOrEqual(1);
    // Half an hour idle signs a session out: sign in again.
    counter.token = await signIn(api, counter.user);
    const adminToken = await signIn(api, admin);

    const detail = await call<{ complaint: ComplaintDetail }>(`${api.url}/api/user/complaint`, {
      body: { id: raised.id },
      headers: bearer(counter.token),
    });
    const resolved = detail.body.complaint;
    expect(resolved.status).toBe('resolved');
    expect(resolved.bbps).toMatchObject({ status: 'resolved' });
    expect(resolved.bbps!.remarks).toContain(payment.bbpsReference!);
    const last = resolved.messages.at(-1)!;
    expect(last).toMatchObject({ from: 'staff', action: 'resolve', note: false });
    expect(last.author).toEqual({ id: null, name: 'Bharat BillPay' });
    expect(last.text).toContain(payment.bbpsReference!);

    // Resolved: a check answers what is known, without asking again.
    const again = await check(adminToken, raised.id);
    expect(again.status).toBe(200);
    expect(again.body.data.bbps!.status).toBe('resolved');

    const queue = await call<{ data: ComplaintSummary[] }>(`${api.url}/api/admin/complaints`, {
      body: { status: 'resolved', pageSize: 100 },
      headers: bearer(adminToken),
    });
    expect(queue.status).toBe(200);
    const seen = queue.body.data.find((one) => one.id === raised.id);
    expect(seen?.bbps).toMatchObject({
      complaintId: raised.bbps!.complaintId,
      status: 'resolved',
      paymentId: payment.id,
    });
    // Once resolved, the payment may be complained about again.
    expect((await complainOn(counter, payment.id)).status).toBe(200);
  });
});
