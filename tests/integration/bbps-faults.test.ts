import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt, randomUUID } from 'node:crypto';
import { DHBVN_BILLER_ID } from '@khata/domain';
import { startApiChild, urlOf, type ApiChild } from '../support/api-processes.js';
import { BBPS_CODES, cardLast4, dhbvnAccount, SHOP_PLACE } from '../support/bbps.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { accountOf, fund, ledgerViolations, streamEvents } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';
import { BbpsSweeper } from '../../apps/api/src/bbps/bbps-sweeper.js';

interface Payment {
  id: string;
  status: string;
  amount: number;
  ccf: number;
  total: number;
}
type Answer<T> = { message?: string; data: T };

/**
 * Bill payments under faults (issue 27), on `main` processes of their own beside the test API
 * (whose own sweep is stopped: the test sweeps by hand, on its movable clock):
 *
 * - a process killed with SIGKILL after the sandbox provider took the payment and before its
 *   answer reached the ledger (the provider is slow: RAIL_SANDBOX_LATENCY_MS): the sweep's
 *   status enquiry settles it, the wallet pays amount + CCF less the shop's commission once,
 *   the provider got it once;
 * - the provider down on the send (sandbox code 24, it never takes the payment): the payment
 *   stays processing with its money held; asked at once, "not found" is too young to send
 *   again; asked past `resendAfterMs`, it is sent again, once per look;
 * - a process logging at debug in JSON through every kind of answer: no line holds the
 *   customer's account number or mobile, while the request and move lines are there.
 */
describe('BBPS faults: a killed process, the provider down, and the logs', () => {
  let api: TestApi;
  let admin: GivenUser;
  let distributor: GivenUser;
  /** Started together, so their boots overlap: a slow provider's, and one logging at debug. */
  let slowChild: ApiChild | undefined;
  let loggingChild: ApiChild;
  const clock = new MovableClock();

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent' }, { clock });
    await api.app.get(BbpsSweeper).stopSweeping();
    // A slow provider: it takes a payment into its book, then waits ten minutes to answer.
    slowChild = startApiChild(api, 'main', { RAIL_SANDBOX_LATENCY_MS: '600000' });
    loggingChild = startApiChild(api, 'main', { LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  }, 120_000);
  afterAll(async () => {
    await slowChild?.stop('SIGKILL');
    await loggingChild?.stop();
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

  /** A customer mobile of this test alone, so a log line holding it is this test's leak. */
  const customerMobile = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

  async function fetchBill(url: string, who: Shop, account: string, mobile: string) {
    const answer = await call<Answer<{ fetchId: string; amount: number }>>(
      `${url}/api/bbps/bills/fetch`,
      {
        body: {
          billerId: DHBVN_BILLER_ID,
          params: { 'Account Number': account, 'Mobile Number': mobile },
          customerMobile: mobile,
          ...SHOP_PLACE,
        },
        headers: bearer(who.token),
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  const pay = (url: string, who: Shop, body: Record<string, unknown>) =>
    call<Answer<Payment>>(`${url}/api/bbps/payments`, {
      body: { pin: who.user.pin, ...SHOP_PLACE, ...body },
      headers: { ...bearer(who.token), 'idempotency-key': randomUUID() },
    });

  /** Fetches a DHBVN bill through `fetchUrl` and pays it through `payUrl`. */
  async function payDhbvn(who: Shop, account: string, payUrl = api.url, fetchUrl = api.url) {
    const mobile = customerMobile();
    const bill = await fetchBill(fetchUrl, who, account, mobile);
    return pay(payUrl, who, {
      billerId: DHBVN_BILLER_ID,
      params: { 'Account Number': account, 'Mobile Number': mobile },
      customerMobile: mobile,
      fetchId: bill.fetchId,
      amount: bill.amount,
    });
  }

  async function count(sql: string, params: unknown[]): Promise<number> {
    const [row] = await query<{ n: string }>(api, sql, params);
    return Number(row!.n);
  }

  const calls = (reference: string, kind: 'send' | 'status') =>
    count('SELECT count(*) AS n FROM sandbox_bbps_calls WHERE reference = $1 AND call = $2', [
      reference,
      kind,
    ]);

  const row = async (id: string) =>
    (
      await query<{ status: string; sends: number }>(
        api,
        'SELECT status, sends FROM bbps_payments WHERE id = $1',
        [id],
      )
    )[0]!;

  describe('a process killed with SIGKILL after the provider took the payment', () => {
    it('is settled by the sweep’s enquiry: paid once, the commission once, sent once', async () => {
      const counter = await shop();
      const before = await accountOf(api, counter.user.id, 'wallet');
      // The bill is fetched through the test API (the slow provider would hold the fetch too).
      const child = slowChild!;
      const url = await urlOf(child);
      const answered = payDhbvn(counter, dhbvnAccount(), url).then(
        () => 'answered',
        () => 'no answer',
      );

      const id = await eventually(async () => {
        const [taken] = await query<{ id: string }>(
          api,
          `SELECT t.id FROM bbps_payments t
             JOIN sandbox_bbps_payments s ON s.reference = t.id::text
            WHERE t.user_id = $1`,
          [counter.user.id],
        );
        return taken?.id;
      }, 30_000);
      expect(await child.stop('SIGKILL')).toBeNull();
      slowChild = undefined;
      // The shop never heard an answer; the payment is processing, its money held, not paid.
      expect(await answered).toBe('no answer');
      expect(await row(id)).toEqual({ status: 'processing', sends: 1 });
      const [{ amount, ccf }] = await query<{ amount: string; ccf: string }>(
        api,
        'SELECT amount_paise AS amount, ccf_paise AS ccf FROM bbps_payments WHERE id = $1',
        [id],
      );
      const total = Number(amount) + Number(ccf);
      expect((await accountOf(api, counter.user.id, 'wallet')).pending).toBe(total);
      expect(await streamEvents(api, `bbps:${id}`)).toEqual(['bbps.requested']);

      // The sweep, past the stale time, asks the provider.
      clock.advance({ seconds: api.config.bbps.staleAfterMs / 1000 + 60 });
      const sweeper = api.app.get(BbpsSweeper);
      const settled = await eventually(async () => {
        await sweeper.sweep();
        const now = await row(id);
        return now.status === 'processing' ? undefined : now;
      }, 20_000);
      expect(settled).toEqual({ status: 'processed', sends: 1 });
      await sweeper.sweep();

      expect(await calls(id, 'send')).toBe(1);
      expect(await calls(id, 'status')).toBeGreaterThanOrEqual(1);
      const [split] = await query<{ gross: string; net: string }>(
        api,
        `SELECT commission_split->'earner'->>'gross' AS gross,
                commission_split->'earner'->>'net' AS net
           FROM bbps_payments WHERE id = $1`,
        [id],
      );
      // DHBVN is an electricity bill: the bbps scheme pays the shop a commission on it.
      expect(Number(split!.gross)).toBeGreaterThan(0);
      const after = await accountOf(api, counter.user.id, 'wallet');
      expect(before.available - after.available).toBe(total - Number(split!.net));
      expect(after.pending).toBe(0);
      expect(await streamEvents(api, `bbps:${id}`)).toEqual(['bbps.requested', 'bbps.processed']);
      expect(await ledgerViolations(api)).toEqual([]);
    }, 90_000);
  });

  it('keeps a payment the provider never took processing, held, and sends it again only past resendAfterMs', async () => {
    const counter = await shop();
    const before = await accountOf(api, counter.user.id, 'wallet');
    const answer = await payDhbvn(counter, dhbvnAccount(BBPS_CODES.providerDown));
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('processing');
    const { id } = answer.body.data;
    const total = Math.round(answer.body.data.total * 100);
    const held = async () => {
      const now = await accountOf(api, counter.user.id, 'wallet');
      expect(now.pending).toBe(total);
      expect(before.available - now.available).toBe(total);
    };
    await held();
    expect(await row(id)).toEqual({ status: 'processing', sends: 1 });
    expect(await calls(id, 'send')).toBe(1);

    // An admin asks at once: the provider has no trace, but the send is too young to give up.
    const adminToken = await signIn(api, admin);
    const check = () =>
      call<Answer<Payment>>(`${api.url}/api/bbps/payments/${id}/check`, {
        method: 'POST',
        headers: bearer(adminToken),
      });
    const asked = await check();
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe('processing');
    expect(await calls(id, 'status')).toBe(1);
    expect(await calls(id, 'send')).toBe(1);
    await held();

    // Past resendAfterMs and the next look: asked, not found, sent again once (still down).
    const sweeper = api.app.get(BbpsSweeper);
    const nextLook = async () => {
      clock.advance({ seconds: api.config.bbps.maxRecheckMs / 1000 + 1 });
      expect(await sweeper.sweep()).toBe(1);
    };
    expect(api.config.bbps.maxRecheckMs).toBeGreaterThan(api.config.bbps.resendAfterMs);
    await nextLook();
    expect(await calls(id, 'status')).toBe(2);
    expect(await calls(id, 'send')).toBe(2);
    expect(await row(id)).toEqual({ status: 'processing', sends: 2 });
    await held();
    // Nothing due until the next look; then one more ask and one more send, never more.
    expect(await sweeper.sweep()).toBe(0);
    await nextLook();
    expect(await calls(id, 'send')).toBe(3);
    expect(await row(id)).toEqual({ status: 'processing', sends: 3 });
    await held();
    expect(await streamEvents(api, `bbps:${id}`)).toEqual(['bbps.requested', 'bbps.processing']);
    expect(await ledgerViolations(api)).toEqual([]);
  }, 60_000);

  describe('the logs of a process serving bill payments at debug level', () => {
    let child: ApiChild;
    let url: string;
    beforeAll(async () => {
      child = loggingChild;
      url = await urlOf(child);
    }, 120_000);

    it('never hold the customer’s account number or mobile, and do hold the requests and moves', async () => {
      const counter = await shop();
      const secrets: string[] = [];
      const outcomes: Record<string, string> = {
        [BBPS_CODES.due]: 'processed',
        [BBPS_CODES.payFails]: 'failed',
        [BBPS_CODES.pendingThenPaid]: 'processing',
        [BBPS_CODES.timeoutThenPaid]: 'processing',
        [BBPS_CODES.providerDown]: 'processing',
      };
      for (const [code, status] of Object.entries(outcomes)) {
        const account = dhbvnAccount(code);
        const mobile = customerMobile();
        const bill = await fetchBill(url, counter, account, mobile);
        const paid = await pay(url, counter, {
          billerId: DHBVN_BILLER_ID,
          params: { 'Account Number': account, 'Mobile Number': mobile },
          customerMobile: mobile,
          fetchId: bill.fetchId,
          amount: bill.amount,
        });
        expect(paid.body.data.status).toBe(status);
        secrets.push(account, mobile);
      }
      // A credit card paid without a fetch: the registered mobile is the customer's too.
      const cards = await call<
        Answer<{ id: string; adhoc: boolean; params: { name: string }[] }[]>
      >(`${url}/api/bbps/billers?category=credit-card`, {
        method: 'GET',
        headers: bearer(counter.token),
      });
      const card = cards.body.data.find((one) => one.adhoc)!;
      const mobile = customerMobile();
      const params = Object.fromEntries(
        card.params.map((param) => [param.name, /card/i.test(param.name) ? cardLast4() : mobile]),
      );
      const carded = await pay(url, counter, {
        billerId: card.id,
        params,
        customerMobile: mobile,
        amount: 7500,
      });
      expect(carded.body.data.status).toBe('processed');
      secrets.push(mobile);
      // A parameter the biller's regex refuses (13 digits): the refusal is logged, not the value.
      const refused = `${dhbvnAccount()}123`;
      const bad = await call(`${url}/api/bbps/bills/fetch`, {
        body: {
          billerId: DHBVN_BILLER_ID,
          params: { 'Account Number': refused, 'Mobile Number': mobile },
          customerMobile: mobile,
          ...SHOP_PLACE,
        },
        headers: bearer(counter.token),
      });
      expect(bad.status).toBe(400);
      secrets.push(refused);

      // The last answer's line may reach the pipe just after the answer: wait for it.
      await child.waitFor(/"statusCode":400/, 10_000);
      const output = child.output();
      for (const path of ['bills/fetch', 'payments']) {
        expect(output).toContain(`"url":"/api/bbps/${path}"`);
      }
      expect(output).toMatch(/Bill payment \S+ processing → processed/);
      expect(output).toMatch(/Bill payment \S+ processing → failed/);
      expect(output).toMatch(/Bill payment \S+: the rail's answer is unknown/);
      for (const secret of secrets) expect(output).not.toContain(secret);
    }, 60_000);
  });
});
