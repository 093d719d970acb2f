import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, indiaDay, indiaDayStart } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

type Row = Record<string, unknown>;

/**
 * "This month" is India's: the API reads it from its clock in Asia/Kolkata, whatever the
 * machine's time zone. The clock is put a minute either side of the IST midnight that ends the
 * current Indian month, an instant at which the UTC month has not turned yet (18:30 UTC), so
 * the test means the same at whatever hour the suite runs.
 */
describe('the business day and month are India’s', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  /** The first moment of the next Indian month: midnight IST on its first day. */
  function nextIndianMonthStart(now: Date): Date {
    const day = indiaDay(now);
    const firstOfThis = `${day.slice(0, 8)}01`;
    const firstOfNext = addDays(firstOfThis, 40).slice(0, 8) + '01';
    return indiaDayStart(firstOfNext);
  }

  const panelOf = async (user: GivenUser) => {
    const answer = await call<{ data: { accountDetails: Row } }>(
      `${api.url}/api/user/cPanel-Logs`,
      {
        body: {},
        headers: bearer(await signIn(api, user)),
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.data.accountDetails;
  };

  it('counts a movement in the Indian month until IST midnight, and opens the next one after it', async () => {
    clock.reset();
    const retailer = await given(api).user();
    const credited = await call(`${api.url}/api/admin/creditWallet`, {
      body: { mobile: retailer.mobile, amount: '300', remark: 'month end' },
      headers: { ...bearer(adminToken), pin: admin.pin, 'idempotency-key': randomUUID() },
    });
    expect(credited.status).toBe(200);
    const boundary = nextIndianMonthStart(new Date());
    // In UTC the month has not turned at the boundary: only India's reading can tell them apart.
    expect(new Date(boundary.getTime() + 60_000).getUTCDate()).not.toBe(1);

    try {
      clock.setTo(new Date(boundary.getTime() - 60_000));
      expect(await panelOf(retailer)).toMatchObject({ openingBalance: 0, totalCredit: 300 });

      clock.setTo(new Date(boundary.getTime() + 60_000));
      expect(await panelOf(retailer)).toMatchObject({
        openingBalance: 300,
        totalCredit: 0,
        closingBalance: 300,
      });
      const totals = await call<{ data: Row[] }>(`${api.url}/api/user/monthlyTotals`, {
        body: {},
        headers: bearer(await signIn(api, retailer)),
      });
      expect(totals.status).toBe(200);
      expect(totals.body.data).toEqual([]);
    } finally {
      clock.reset();
    }
  });
});
