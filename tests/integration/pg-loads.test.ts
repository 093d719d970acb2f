import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { accountOf, ledgerViolations } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';
import { hmacHex } from '../../apps/api/src/pg/pg-gateway.js';
import { sandboxSecrets } from '../../apps/api/src/pg/sandbox-pg-gateway.js';
import { sandboxWebhookBody } from '../../apps/api/src/pg/sandbox-pg-webhook.job.js';
import { PgLoads } from '../../apps/api/src/pg/pg-loads.js';

interface Order {
  id: string;
  receipt: string;
  status: string;
  gateway: string;
  gatewayOrderId: string;
  paymentId: string | null;
  amount: number;
  charge: number;
  credited: number;
  checkoutUrl: string;
  settlementId: string | null;
}
type Answer<T> = { success?: boolean; message?: string; data: T };

/**
 * Wallet loads through the sandbox gateway (issue 28) on the real API, Postgres, Redis and
 * BullMQ: the order, the hosted page, the signed return, the webhooks (delivered by jobs), the
 * reconciler's fetch, refunds and the settlement import. Money is read from the ledger.
 */
describe('PG loads: order, hosted page, callback, webhooks, reconcile, refund, settlement', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let distributor: GivenUser;

  beforeAll(async () => {
    api = await startTestApi({
      LOG_LEVEL: 'silent',
      PG_SANDBOX_WEBHOOK_DELAY_MS: '50',
      PG_PAYCEL: 'off',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  });
  afterAll(async () => {
    await api.close();
  });

  async function shop() {
    const user = await given(api).user({ parent: distributor });
    return { user, token: await signIn(api, user) };
  }

  const url = (path: string) => `${api.url}/api/${path}`;

  const create = (token: string, body: Record<string, unknown>, key = randomUUID()) =>
    call<Answer<Order>>(url('pg/orders'), {
      body,
      headers: { ...bearer(token), 'Idempotency-Key': key },
    });

  /** Presses a button on the hosted page; answers where the browser is sent. */
  async function press(order: Order, action: 'pay' | 'fail' | 'pending', method = 'upi') {
    const response = await fetch(`${api.url}${order.checkoutUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `method=${method}`,
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    return {
      status: response.status,
      location,
      params: new URL(location ?? '/', 'http://x').searchParams,
    };
  }

  const callback = (token: string, body: Record<string, unknown>) =>
    call<Answer<Order>>(url('pg/orders/callback'), { body, headers: bearer(token) });

  const read = (token: string, id: string) =>
    call<Answer<Order>>(url(`pg/orders/${id}`), { headers: bearer(token) });

  const credits = async (orderId: string) =>
    (
      await query<{ n: number }>(
        api,
        `SELECT count(*)::int AS n FROM ledger_events WHERE stream = $1 AND type = 'pg-load.credited'`,
        [`pg-load:${orderId}`],
      )
    )[0]!.n;

  const webhook = (gateway: string, body: string, signature: string) =>
    call<Record<string, unknown>>(url(`pg/webhooks/${gateway}`), {
      rawBody: body,
      headers: { 'x-pg-signature': signature },
    });

  it('says which gateways are configured; an off one refuses a load with 503', async () => {
    const { token } = await shop();
    const gateways = await call<
      Answer<{ gateway: string; configured: boolean; methods: string[] }[]>
    >(url('pg/gateways'), { headers: bearer(token) });
    expect(gateways.body.data).toEqual([
      expect.objectContaining({ gateway: 'pay10', configured: true }),
      expect.objectContaining({ gateway: 'finkeda', configured: true, methods: ['card'] }),
      expect.objectContaining({ gateway: 'paycel', configured: false }),
    ]);
    const off = await create(token, { gateway: 'paycel', method: 'upi', amount: 2000 });
    expect(off.status).toBe(503);
    expect(off.body.message).toMatch(/Paycel is not configured/);
  });

  it('quotes the charge by method from the scheme, and refuses bad input with 400', async () => {
    const { token } = await shop();
    const quote = await call<Answer<Record<string, number>>>(
      url('pg/quote?gateway=pay10&method=upi&amount=2000'),
      { headers: bearer(token) },
    );
    expect(quote.body.data).toMatchObject({
      amount: 2000,
      fee: 10,
      gst: 1.8,
      charge: 11.8,
      credited: 1988.2,
    });
    const card = await call<Answer<Record<string, number>>>(
      url('pg/quote?gateway=pay10&method=card&amount=2000'),
      { headers: bearer(token) },
    );
    expect(card.body.data).toMatchObject({ fee: 36, gst: 6.48, charge: 42.48 });
    for (const body of [
      { gateway: 'finkeda', method: 'upi', amount: 2000 },
      { gateway: 'pay10', method: 'upi', amount: 50 },
      { gateway: 'pay10', method: 'upi', amount: '12.345' },
      { gateway: 'nope', method: 'upi', amount: 2000 },
    ]) {
      expect((await create(token, body)).status).toBe(400);
    }
  });

  it('loads ₹2,000: hosted page, signed return, credited once whatever the webhooks do', async () => {
    const { user, token } = await shop();
    const before = (await accountOf(api, user.id)).available;
    const created = await create(token, { gateway: 'pay10', method: 'upi', amount: 2000 });
    expect(created.status).toBe(200);
    const order = created.body.data;
    expect(order).toMatchObject({
      status: 'created',
      amount: 2000,
      charge: 11.8,
      credited: 1988.2,
    });
    expect(order.receipt).toMatch(/^pgl_[0-9a-f]{32}$/);

    const page = await fetch(`${api.url}${order.checkoutUrl}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Leave pending');

    const back = await press(order, 'pay');
    expect(back.status).toBe(303);
    expect(back.location).toContain(`/admin/pay10Payments?receipt=${order.receipt}`);
    const paymentId = back.params.get('payment_id')!;

    // A forged signature is a 400 and moves nothing.
    const forged = await callback(token, {
      receipt: order.receipt,
      paymentId,
      gatewayOrderId: order.gatewayOrderId,
      signature: 'f'.repeat(64),
    });
    expect(forged.status).toBe(400);
    // The signature of another order's payment does not fit this one (checked on OUR order id).
    const repointed = await callback(token, {
      receipt: order.receipt,
      paymentId,
      gatewayOrderId: 'order_other',
      signature: back.params.get('signature'),
    });
    expect(repointed.status).toBe(400);

    const returned = await callback(token, {
      receipt: order.receipt,
      paymentId,
      gatewayOrderId: back.params.get('order_id'),
      signature: back.params.get('signature'),
    });
    expect(returned.status).toBe(200);
    expect(returned.body.data).toMatchObject({ status: 'paid', paymentId });
    // The webhooks (authorized, captured, order.paid) arrive after: nothing more is credited.
    await eventually(async () => {
      const [row] = await query<{ n: number }>(
        api,
        `SELECT count(*)::int AS n FROM pg_events e JOIN pg_orders o ON o.id = e.order_id
          WHERE o.id = $1 AND e.event_id LIKE 'evt_%'`,
        [order.id],
      );
      return row!.n >= 3 ? true : undefined;
    });
    expect(await credits(order.id)).toBe(1);
    expect((await accountOf(api, user.id)).available - before).toBe(1988_20);
    // A replay of the create answers the same order.
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('ten parallel deliveries of one webhook credit once; a replay and a forged one credit nothing', async () => {
    const { user, token } = await shop();
    const order = (await create(token, { gateway: 'pay10', method: 'card', amount: 1000 })).body
      .data;
    // The payment exists on the gateway's book; its webhooks are ours to send.
    const [book] = await query<{ id: string }>(
      api,
      `INSERT INTO pg_sandbox_payments (id, order_id, method, status, created_at, updated_at)
       VALUES ('pay_parallel' || substr(md5(random()::text), 1, 8), $1, 'card', 'captured', now(), now())
       RETURNING id`,
      [order.gatewayOrderId],
    );
    const secret = sandboxSecrets('pay10', api.config.jwtSecret).webhook;
    const body = sandboxWebhookBody({
      gateway: 'pay10',
      eventId: `evt_${randomUUID().slice(0, 8)}`,
      event: 'payment.captured',
      gatewayOrderId: order.gatewayOrderId,
      paymentId: book!.id,
      method: 'card',
      amount: 1000_00,
      error: null,
    });
    const forged = await webhook('pay10', body, hmacHex('not-the-secret', body));
    expect(forged.status).toBe(401);
    const tampered = await webhook('pay10', body.replace('"card"', '"upi"'), hmacHex(secret, body));
    expect(tampered.status).toBe(401);
    expect(await credits(order.id)).toBe(0);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => webhook('pay10', body, hmacHex(secret, body))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body['credited'] === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body['duplicate'] === true)).toHaveLength(9);
    expect(await credits(order.id)).toBe(1);
    // A replay a while later is a duplicate too.
    const replay = await webhook('pay10', body, hmacHex(secret, body));
    expect(replay.body).toMatchObject({ duplicate: true, credited: false });
    const wallet = await accountOf(api, user.id);
    expect(wallet.available).toBe(1000_00 - 1800 - 324);
    expect((await read(token, order.id)).body.data.status).toBe('paid');
  });

  it('a webhook before the return credits; the return then finds the order paid', async () => {
    const { token } = await shop();
    const order = (await create(token, { gateway: 'pay10', method: 'upi', amount: 500 })).body.data;
    const back = await press(order, 'pay');
    await eventually(async () =>
      (await read(token, order.id)).body.data.status === 'paid' ? true : undefined,
    );
    const returned = await callback(token, {
      receipt: order.receipt,
      paymentId: back.params.get('payment_id'),
      signature: back.params.get('signature'),
    });
    expect(returned.body.data.status).toBe('paid');
    expect(await credits(order.id)).toBe(1);
  });

  it('test amounts: failures, a late authorisation, no webhook, twice delivered, authorised only', async () => {
    const { user, token } = await shop();
    const load = async (amount: number) =>
      (await create(token, { gateway: 'pay10', method: 'upi', amount })).body.data;

    const declined = await load(402);
    const failedBack = await press(declined, 'pay');
    expect(failedBack.params.get('error')).toBe('payment_declined');
    expect(failedBack.params.get('signature')).toBeNull();
    await eventually(async () =>
      (await read(token, declined.id)).body.data.status === 'failed' ? true : undefined,
    );

    // Failed, then captured a little later: paid, credited once.
    const late = await load(303);
    await press(late, 'pay');
    await eventually(async () =>
      (await read(token, late.id)).body.data.status === 'failed' ? true : undefined,
    );
    await eventually(
      async () => ((await read(token, late.id)).body.data.status === 'paid' ? true : undefined),
      20_000,
    );
    expect(await credits(late.id)).toBe(1);

    // No webhook, and the browser never comes back: the reconciler's fetch credits it.
    const silent = await load(505);
    await press(silent, 'pay');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await read(token, silent.id)).body.data.status).toBe('created');
    await query(api, `UPDATE pg_orders SET created_at = now() - interval '1 hour' WHERE id = $1`, [
      silent.id,
    ]);
    await api.app.get(PgLoads).sweep();
    expect((await read(token, silent.id)).body.data.status).toBe('paid');
    await api.app.get(PgLoads).sweep();
    expect(await credits(silent.id)).toBe(1);

    const twice = await load(606);
    await press(twice, 'pay');
    await eventually(async () => {
      const [row] = await query<{ n: number }>(
        api,
        `SELECT count(*)::int AS n FROM pg_events WHERE order_id = $1`,
        [twice.id],
      );
      return row!.n >= 3 ? true : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await credits(twice.id)).toBe(1);

    // Authorised, never captured: the browser's signed return credits nothing.
    const authorised = await load(707);
    const back = await press(authorised, 'pay');
    const returned = await callback(token, {
      receipt: authorised.receipt,
      paymentId: back.params.get('payment_id'),
      signature: back.params.get('signature'),
    });
    expect(returned.status).toBe(200);
    expect(returned.body.data.status).toBe('attempted');
    expect(returned.body.message).toMatch(/not confirmed/);
    expect(await credits(authorised.id)).toBe(0);

    // Left pending: no return, no webhook, the reconciler finds nothing captured.
    const pending = await load(250);
    const left = await press(pending, 'pending');
    expect(left.status).toBe(200);
    await query(api, `UPDATE pg_orders SET created_at = now() - interval '1 hour' WHERE id = $1`, [
      pending.id,
    ]);
    await api.app.get(PgLoads).sweep();
    expect((await read(token, pending.id)).body.data.status).toBe('created');

    const wallet = await accountOf(api, user.id);
    const [sum] = await query<{ credited: string }>(
      api,
      `SELECT coalesce(sum(credited_paise), 0)::text AS credited FROM pg_orders
        WHERE user_id = $1 AND status = 'paid'`,
      [user.id],
    );
    expect(wallet.available).toBe(Number(sum!.credited));
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('asks the gateway for a refund after the debit commits: a lost answer stays pending and is asked again, a refusal puts the credit back, a burst refunds once', async () => {
    const { user, token } = await shop();
    const paidLoad = async (amount: number) => {
      const order = (await create(token, { gateway: 'pay10', method: 'upi', amount })).body.data;
      await press(order, 'pay');
      await eventually(async () =>
        (await read(token, order.id)).body.data.status === 'paid' ? true : undefined,
      );
      return order;
    };
    const refundOf = (id: string) =>
      call<Answer<Order & { failureReason: string | null; refundId: string | null }>>(
        url(`pg/orders/${id}/refund`),
        { body: {}, headers: bearer(adminToken) },
      );
    const events = async (orderId: string) =>
      (
        await query<{ type: string }>(
          api,
          `SELECT type FROM ledger_events WHERE stream = $1 ORDER BY seq`,
          [`pg-load:${orderId}`],
        )
      ).map((row) => row.type);
    const sandboxRefunds = async (paymentId: string | null) =>
      (
        await query<{ refundId: string | null; status: string }>(
          api,
          `SELECT refund_id AS "refundId", status FROM pg_sandbox_payments WHERE id = $1`,
          [paymentId],
        )
      )[0]!;

    // ₹808: the gateway makes the refund but its answer is lost. The debit stands (it committed
    // before the ask); the order is pending; a second click is refused; the sweep asks again
    // under the same reference and gets the same refund.
    const lost = await paidLoad(808);
    const before = (await accountOf(api, user.id)).available;
    const pending = await refundOf(lost.id);
    expect(pending.status).toBe(200);
    expect(pending.body.data.status).toBe('refunding');
    expect(pending.body.data.refundId).toBeNull();
    expect(pending.body.message).toMatch(/refund is asked of the gateway/);
    // The DTO speaks rupees, the ledger paise.
    expect((await accountOf(api, user.id)).available).toBe(
      before - Math.round(pending.body.data.credited * 100),
    );
    expect((await refundOf(lost.id)).status).toBe(409);
    const made = await sandboxRefunds((await read(token, lost.id)).body.data.paymentId);
    expect(made.status).toBe('refunded');
    await query(api, `UPDATE pg_orders SET updated_at = now() - interval '1 hour' WHERE id = $1`, [
      lost.id,
    ]);
    await api.app.get(PgLoads).sweep();
    const settledRefund = (await read(token, lost.id)).body.data as Order & {
      refundId: string | null;
    };
    expect(settledRefund.status).toBe('refunded');
    expect(settledRefund.refundId).toBe(made.refundId);
    expect(await events(lost.id)).toEqual(['pg-load.credited', 'pg-load.refunded']);

    // ₹909: the gateway refuses. The credit is back in the wallet, the order paid again, and
    // the refusal is said; asked again, it is a second reversal, refused and restored again.
    const refused = await paidLoad(909);
    const walletBefore = (await accountOf(api, user.id)).available;
    const no = await refundOf(refused.id);
    expect(no.status).toBe(200);
    expect(no.body.data.status).toBe('paid');
    expect(no.body.data.failureReason).toMatch(/refused the refund/);
    expect(no.body.message).toBe(no.body.data.failureReason);
    expect((await accountOf(api, user.id)).available).toBe(walletBefore);
    expect((await refundOf(refused.id)).body.data.status).toBe('paid');
    expect(await events(refused.id)).toEqual([
      'pg-load.credited',
      'pg-load.refunded',
      'pg-load.refund-refused',
      'pg-load.refunded',
      'pg-load.refund-refused',
    ]);

    // Ten admins' clicks at once on one paid load: one reversal, one refund at the gateway.
    const burst = await paidLoad(1200);
    const burstBefore = (await accountOf(api, user.id)).available;
    const answers = await Promise.all(Array.from({ length: 10 }, () => refundOf(burst.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await events(burst.id)).toEqual(['pg-load.credited', 'pg-load.refunded']);
    expect((await accountOf(api, user.id)).available).toBe(
      burstBefore - Math.round((await read(token, burst.id)).body.data.credited * 100),
    );
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('refunds only captured payments, reversing every leg; settles to the paisa', async () => {
    const { user, token } = await shop();
    const paid = (await create(token, { gateway: 'finkeda', method: 'card', amount: 3000 })).body
      .data;
    await press(paid, 'pay', 'card');
    await eventually(async () =>
      (await read(token, paid.id)).body.data.status === 'paid' ? true : undefined,
    );
    const open = (await create(token, { gateway: 'finkeda', method: 'card', amount: 1500 })).body
      .data;

    const refundOf = (id: string, who = adminToken) =>
      call<Answer<Order>>(url(`pg/orders/${id}/refund`), { body: {}, headers: bearer(who) });
    expect((await refundOf(open.id)).status).toBe(422);
    expect((await refundOf(paid.id, token)).status).toBe(403);

    // The tracker: the shop sees its own, searchable by the gateway's payment id.
    const mine = await call<Answer<Order[]> & { total: number }>(
      url(`pg/orders?search=${(await read(token, paid.id)).body.data.paymentId}`),
      {
        headers: bearer(token),
      },
    );
    expect(mine.body.data.map((o) => o.id)).toEqual([paid.id]);
    const asked = await call<Answer<Order>>(url(`pg/orders/${open.id}/check`), {
      body: {},
      headers: bearer(adminToken),
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe('created');

    const walletBefore = (await accountOf(api, user.id)).available;
    const refunded = await refundOf(paid.id);
    expect(refunded.status).toBe(200);
    expect(refunded.body.data.status).toBe('refunded');
    expect((await accountOf(api, user.id)).available).toBe(walletBefore - 3000_00 + 5400 + 972);
    expect((await refundOf(paid.id)).status).toBe(409);

    // A second load, settled: the sandbox's file, imported, clears PG clearing to the paisa.
    const settled = (await create(token, { gateway: 'finkeda', method: 'card', amount: 2000 })).body
      .data;
    await press(settled, 'pay', 'card');
    await eventually(async () =>
      (await read(token, settled.id)).body.data.status === 'paid' ? true : undefined,
    );
    const file = await call<{ csv: string }>(url('pg-sandbox/finkeda/settlement-file'), {
      headers: bearer(adminToken),
    });
    // The refunded payment is not captured any more, so only the paid one is in the file.
    const lines = file.body.csv.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(settled.receipt);

    const upload = (csv: string) => {
      const form = new FormData();
      form.set('gateway', 'finkeda');
      form.set('settlement', new Blob([csv], { type: 'text/csv' }), 'settlement.csv');
      return fetch(url('pg/settlements'), {
        method: 'POST',
        body: form,
        headers: bearer(adminToken),
      });
    };
    const wrong = await upload(
      file.body.csv
        .replace(',2000.00,', ',1999.00,')
        .replace(/,(\d+\.\d\d)\n$/, (_m, net) => `,${(Number(net) - 1).toFixed(2)}\n`),
    );
    expect(wrong.status).toBe(400);
    const imported = await upload(file.body.csv);
    expect(imported.status).toBe(200);
    const answer = (await imported.json()) as Answer<{
      orders: number;
      amount: number;
      net: number;
    }>;
    expect(answer.data).toMatchObject({ orders: 1, amount: 2000 });
    expect((await upload(file.body.csv)).status).toBe(409);
    expect((await read(token, settled.id)).body.data.status).toBe('settled');

    const [clearing] = await query<{ sum: string }>(
      api,
      `SELECT coalesce(sum(p.amount), 0)::text AS sum FROM ledger_postings_view p
         JOIN ledger_balances_view a ON a.account_id = p.account_id
         JOIN ledger_events e ON e.seq = p.event_seq
        WHERE a.kind = 'system:pg_clearing' AND e.stream = ANY($1)`,
      [[`pg-load:${settled.id}`, `pg-load:${paid.id}`]],
    );
    expect(Number(clearing!.sum)).toBe(0);
    expect(await ledgerViolations(api)).toEqual([]);
  });
});
