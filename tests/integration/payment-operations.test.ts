import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, indiaDay, type PaymentOperation } from '@khata/domain';
import { randomInt, randomUUID } from 'node:crypto';
import { ReceiptLinks } from '../../apps/api/src/payment-tracker/receipt-links.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  fund,
  ledgerViolations,
  saveBeneficiary,
  type SavedBeneficiary,
} from '../support/payouts.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

type Receipt = {
  _id: string;
  status: string;
  externalRef: string | null;
  createdAt: string;
  payload: { orderID: string; data: Record<string, unknown> };
};
type Body = {
  message?: string;
  transactionRecord: Receipt;
  data: PaymentOperation[];
  totals: { open: number; overdue: number; compensation: number };
};

/** A moment of an India calendar day: `ist('2026-03-02', '23:50')`. */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

/** The last millisecond of an India day, ISO. */
const endOf = (day: string) => new Date(ist(addDays(day, 1), '00:00').getTime() - 1).toISOString();

const newAddress = () => `10.14.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/**
 * Payment operations, the payment tracker and the public receipt check (issue 14). An
 * HTTP-only process (no worker, no sweep): payouts move only when an admin checks them, so
 * the test decides what the bank has answered. The clock is moved to days ahead, signing in
 * again after each jump, and the India days are chosen to straddle a UTC midnight, so the
 * deadlines hold at any hour the suite runs.
 */
describe('payment operations, tracker and receipt verification', () => {
  let api: TestApi;
  const clock = new MovableClock();
  let admin: GivenUser;
  const token = new Map<string, string>();

  beforeAll(async () => {
    api = await startTestApi({ KHATA_PROCESS: 'api' }, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
  });
  afterAll(async () => {
    await api.close();
  });

  /** A fresh session at the clock's time (a jump of days ends the older ones). */
  async function session(user: GivenUser): Promise<string> {
    const fresh = await signIn(api, user);
    token.set(user.id, fresh);
    return fresh;
  }

  async function payout(user: GivenUser, ending: string, rupees: number, kind?: 'aeps') {
    const payee: SavedBeneficiary = await saveBeneficiary(api, user, {
      ending,
      ...(kind && { kind }),
    });
    const answer = await call<Body>(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount: rupees,
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.accountNumber,
        beneficiaryIfscCode: payee.ifsc,
        ...(kind && { type: kind }),
      },
      headers: { ...bearer(await session(user)), pin: user.pin, 'idempotency-key': randomUUID() },
    });
    expect(answer.status).toBe(200);
    return { id: answer.body.transactionRecord._id, payee };
  }

  async function retailer(parent?: GivenUser) {
    const user = await given(api).user({ role: 'khataEmployee2', ...(parent && { parent }) });
    await fund(api, user, 5000_00);
    return user;
  }

  const adminCall = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<Body>(`${api.url}/api/admin/payouts/${path}`, {
      body,
      headers: { ...bearer(await session(admin)), ...headers },
    });

  describe('the operations list', () => {
    // T is ten India days ahead; its last ten minutes and T + 1's first ten share a UTC date.
    // (Ahead, not behind: a session's token lives until the session ends in real time.)
    const T = addDays(indiaDay(new Date()), 10);
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const user = await retailer();
      clock.setTo(ist(T, '23:50'));
      ids.late = (await payout(user, '007', 101)).id;
      ids.lateFailed = (await payout(user, '006', 102)).id;
      clock.setTo(ist(addDays(T, 1), '00:10'));
      ids.onTime = (await payout(user, '007', 103)).id;
      // The rail is down for `late` and `onTime`: a check sends once and hears nothing.
      await adminCall('checkStatus', { id: ids.late });
      await adminCall('checkStatus', { id: ids.onTime });
      // `lateFailed` times out at its send; the bank's refusal is heard on T + 3.
      await adminCall('checkStatus', { id: ids.lateFailed });
    });

    const ours = (rows: PaymentOperation[]) =>
      rows.filter((row) => Object.values(ids).includes(row.record._id));

    it('puts each payout on the regulator’s clock in India days, the overdue first', async () => {
      clock.setTo(ist(addDays(T, 2), '00:05'));
      const list = await adminCall('operations', { olderThanMinutes: 0 });
      expect(list.status).toBe(200);
      const rows = ours(list.body.data);
      expect(
        rows.map((row) => [row.record._id, row.state, row.daysLate, row.compensation]),
      ).toEqual([
        // Asked for at 23:50 on T: due by the end of T + 1, a day late five minutes into T + 2.
        [ids.late, 'open', 1, 100],
        [ids.lateFailed, 'open', 1, 100],
        // Twenty minutes younger, but asked for on T + 1: due by the end of T + 2.
        [ids.onTime, 'open', 0, 0],
      ]);
      expect(rows[0]).toMatchObject({
        transactionDay: T,
        deadline: endOf(addDays(T, 1)),
        user: { mobile: expect.stringMatching(/^\d{10}$/) },
        sends: 1,
      });
      expect(rows.find((row) => row.record._id === ids.onTime)).toMatchObject({
        transactionDay: addDays(T, 1),
        deadline: endOf(addDays(T, 2)),
      });
    });

    it('keeps a failure that came back after T + 1 with the compensation due, after the open ones', async () => {
      // The bank's refusal of `lateFailed` is heard on T + 3: the money is back two days late.
      clock.setTo(ist(addDays(T, 3), '09:30'));
      const failed = await adminCall('checkStatus', { id: ids.lateFailed });
      expect(failed.body.transactionRecord.status).toBe('failed');
      // A payout refused at once (a closed account) is back on its own day: not listed.
      ids.failedOnTime = (await payout(await retailer(), '001', 104)).id;
      expect((await adminCall('checkStatus', { id: ids.failedOnTime })).body.message).toBe(
        'The payout is failed.',
      );
      clock.setTo(ist(addDays(T, 4), '18:00'));
      const list = await adminCall('operations', {});
      const rows = ours(list.body.data);
      expect(
        rows.map((row) => [row.record._id, row.state, row.daysLate, row.compensation]),
      ).toEqual([
        [ids.late, 'open', 3, 300],
        [ids.onTime, 'open', 2, 200],
        // Back on T + 3: T + 2 and T + 3 were days after the deadline, ₹100 each.
        [ids.lateFailed, 'returnedLate', 2, 200],
      ]);
      expect(Date.parse(rows[2]!.returnedAt!) - ist(addDays(T, 3), '09:30').getTime()).toBeLessThan(
        60_000,
      );
      expect(rows[2]).toMatchObject({
        resolveBlocked: { reason: 'not-processing', until: null },
      });
      expect(list.body.totals).toMatchObject({
        open: expect.any(Number),
        overdue: expect.any(Number),
      });
      expect(list.body.totals.compensation).toBeGreaterThanOrEqual(700);
      // Payouts only, or AEPS settlements only.
      const settler = await retailer();
      await fund(api, settler, 1000_00, 'aeps');
      ids.settlement = (await payout(settler, '007', 106, 'aeps')).id;
      const only = async (kind: string) =>
        ours((await adminCall('operations', { kind, olderThanMinutes: 0 })).body.data).map(
          (row) => [row.record._id, row.record.type],
        );
      expect(await only('payout')).toEqual([
        [ids.late, 'payout'],
        [ids.onTime, 'payout'],
        [ids.lateFailed, 'payout'],
      ]);
      expect(await only('aepsSettlement')).toEqual([[ids.settlement, 'aepsSettlement']]);
      expect(await only('')).toHaveLength(4);
    });

    it('checks the status and settles by hand through the same calls, and lists the result', async () => {
      const user = await retailer();
      clock.setTo(ist(addDays(T, 5), '11:00'));
      const { id } = await payout(user, '007', 105);
      await adminCall('checkStatus', { id });
      const row = async () =>
        (await adminCall('operations', { olderThanMinutes: 0 })).body.data.find(
          (candidate) => candidate.record._id === id,
        );
      expect(await row()).toMatchObject({
        state: 'open',
        record: { status: 'processing' },
        resolveBlocked: { reason: 'send-in-flight' },
      });
      const until = Date.parse((await row())!.resolveBlocked!.until!);
      expect(until - ist(addDays(T, 5), '11:10').getTime()).toBeLessThan(60_000);
      clock.advance({ minutes: 11 });
      expect((await row())?.resolveBlocked).toBeNull();
      const resolved = await adminCall(
        'resolve',
        { id, status: 'failed', reason: 'The bank says it never received the transfer.' },
        { pin: admin.pin },
      );
      expect(resolved.status).toBe(200);
      // Failed on its own day: the money is back on time, so nobody needs to do more.
      expect(await row()).toBeUndefined();
    });

    it('refuses bad filters with a message, and everyone but admins', async () => {
      for (const body of [{ olderThanMinutes: -1 }, { olderThanMinutes: 5000 }, { kind: 'x' }]) {
        const answer = await adminCall('operations', body);
        expect({ status: answer.status, message: typeof answer.body.message }).toEqual({
          status: 400,
          message: 'string',
        });
      }
      for (const role of ['sdistributor', 'distributor', 'khataEmployee2', 'khataEmployee1']) {
        const user = await given(api).user({ role });
        const answer = await call(`${api.url}/api/admin/payouts/operations`, {
          body: {},
          headers: bearer(await session(user)),
        });
        expect(answer.status).toBe(403);
      }
    });
  });

  describe('the payment tracker', () => {
    const net: Record<string, GivenUser> = {};
    let paid: { id: string; orderId: string; utr: string };

    beforeAll(async () => {
      clock.reset();
      const make = given(api);
      net.sd = await make.user({ role: 'sdistributor' });
      net.d = await make.user({ role: 'distributor', parent: net.sd });
      net.r = await retailer(net.d);
      net.sd2 = await make.user({ role: 'sdistributor' });
      net.d2 = await make.user({ role: 'distributor', parent: net.sd2 });
      net.r2 = await retailer(net.d2);
      const { id } = await payout(net.r, '123', 250);
      const checked = await adminCall('checkStatus', { id });
      expect(checked.body.transactionRecord.status).toBe('processed');
      paid = {
        id,
        orderId: checked.body.transactionRecord.payload.orderID,
        utr: checked.body.transactionRecord.externalRef!,
      };
    });

    const track = async (user: GivenUser, query: unknown) =>
      call<{
        message?: string;
        record: Receipt;
        timeline: { at: string; status: string; text: string }[];
        verifyPath: string;
      }>(`${api.url}/api/admin/paymentTracker`, {
        body: { query },
        headers: bearer(token.get(user.id) ?? (await session(user))),
      });

    it('finds a payment by order id or UTR for its owner and its upline, with its story in words', async () => {
      for (const who of [net.r!, net.d!, net.sd!, admin]) {
        for (const query of [paid.orderId, paid.utr, ` ${paid.orderId.toLowerCase()} `]) {
          const answer = await track(who, query);
          expect({ who: who.role, status: answer.status }).toEqual({ who: who.role, status: 200 });
          expect(answer.body.record).toMatchObject({ _id: paid.id, status: 'processed' });
        }
      }
      const { body } = await track(net.r!, paid.utr);
      // The receipt prints the owner's shop, whoever tracks it.
      expect((await track(net.sd!, paid.utr)).body).toMatchObject({
        shop: { name: `${net.r!.name} Store`, phone: net.r!.mobile },
      });
      expect(body.timeline.map((event) => [event.status, event.text])).toEqual([
        [
          'queued',
          'Bank payout asked for. The amount and fee are set aside until the bank answers.',
        ],
        ['processing', 'Sent to the bank.'],
        ['processed', `Paid by the bank. UTR ${paid.utr}.`],
      ]);
      expect(body.verifyPath).toMatch(/^\/verify\/[A-Za-z0-9-]+_[A-Za-z0-9_-]{22}$/);
    });

    it('answers a payment outside the caller’s network exactly like one that does not exist', async () => {
      const missing = await track(net.r!, 'KH9999999999');
      expect(missing.status).toBe(404);
      for (const outsider of [net.r2!, net.d2!, net.sd2!]) {
        for (const query of [paid.orderId, paid.utr]) {
          const answer = await track(outsider, query);
          expect({ status: answer.status, message: answer.body.message }).toEqual({
            status: 404,
            message: missing.body.message,
          });
        }
      }
      expect(missing.body.message).toBe(
        'No payment with this order id or UTR was found in your network.',
      );
    });

    it('refuses what is neither an order id nor a UTR', async () => {
      for (const query of ['', 'KH', 'abc', '1234567890'.repeat(4), 42, null, 'UTR 12345']) {
        const answer = await track(net.r!, query);
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      }
    });

    describe('the receipt’s public check', () => {
      const verify = (tokenText: string, address = newAddress()) =>
        call<{ message?: string; success: boolean; receipt?: Record<string, unknown> }>(
          `${api.url}/api/public/receipts/${tokenText}`,
          { headers: { 'x-forwarded-for': address } },
        );
      const link = async (user: GivenUser, id: string) =>
        call<{ token: string; verifyPath: string; message?: string }>(
          `${api.url}/api/user/receiptLink`,
          { body: { id }, headers: bearer(token.get(user.id) ?? (await session(user))) },
        );

      it('shows the status, amount, masked account, UTR and time, and nothing else', async () => {
        const own = await link(net.r!, paid.id);
        expect(own.status).toBe(200);
        expect(own.body.verifyPath).toBe(`/verify/${own.body.token}`);
        // The same receipt prints the same link, and the tracker gives it too.
        expect((await track(net.r!, paid.orderId)).body.verifyPath).toBe(own.body.verifyPath);
        const answer = await verify(own.body.token);
        expect(answer.status).toBe(200);
        expect(Object.keys(answer.body).sort()).toEqual(['receipt', 'success']);
        expect(Object.keys(answer.body.receipt!).sort()).toEqual([
          'account',
          'amount',
          'at',
          'status',
          'utr',
        ]);
        const payee = (await track(net.r!, paid.orderId)).body.record;
        expect(answer.body.receipt).toEqual({
          status: 'processed',
          amount: 250,
          account: expect.stringMatching(/^XXXX\d{4}$/),
          utr: paid.utr,
          at: payee.createdAt,
        });
        const text = JSON.stringify(answer.body);
        expect(text).not.toContain(net.r!.mobile);
        expect(text).not.toContain(net.r!.name);
        expect(text).not.toContain(String(payee.payload.data.beneficiaryName));
        // Whoever may track the payment gets its link, nobody outside its network.
        for (const who of [net.d!, net.sd!, admin]) {
          expect((await link(who, paid.id)).body.token).toBe(own.body.token);
        }
        for (const outsider of [net.r2!, net.d2!]) {
          expect((await link(outsider, paid.id)).status).toBe(404);
        }
        expect((await link(net.r!, randomUUID())).status).toBe(404);
      });

      it('answers a link it did not make 404 and a mangled one 400, never 500', async () => {
        const { token: good } = (await link(net.r!, paid.id)).body;
        const [id, mac] = [good.slice(0, good.indexOf('_')), good.slice(good.indexOf('_') + 1)];
        const flipped = `${id}_${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
        const unknown = api.app.get(ReceiptLinks).tokenFor(randomUUID());
        for (const forged of [flipped, `${randomUUID()}_${mac}`, unknown]) {
          const answer = await verify(forged);
          expect({ status: answer.status, message: answer.body.message }).toEqual({
            status: 404,
            message:
              'No receipt matches this link. Please scan the code on the receipt again, or ask the shop.',
          });
        }
        for (const mangled of [
          'abc',
          `${id}_`,
          `${id}.${mac}`,
          `${good}x`,
          'x'.repeat(400),
          '%E2%82%AC.%00',
        ]) {
          const answer = await verify(mangled);
          expect({ mangled, status: answer.status }).toEqual({ mangled, status: 400 });
        }
      });

      it('holds its per-address limit under a parallel burst', async () => {
        const { token: good } = (await link(net.r!, paid.id)).body;
        const address = newAddress();
        const answers = await Promise.all(
          Array.from({ length: 45 }, (_, n) => verify(n % 3 ? good : 'bad', address)),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 429)).toHaveLength(45 - 20);
        expect(statuses.filter((status) => status !== 429).sort()).toEqual(
          expect.arrayContaining([200, 400]),
        );
        expect(statuses.every((status) => status < 500)).toBe(true);
        // Another address still checks.
        expect((await verify(good)).status).toBe(200);
      });
    });
  });

  it('leaves a ledger that verifies', async () => {
    expect(await ledgerViolations(api)).toEqual([]);
  });
});
