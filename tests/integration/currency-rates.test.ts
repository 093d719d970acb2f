import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CURRENCIES, CurrencyMessages } from '@khata/domain';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi, query } from '../support/test-api.js';

interface RateRecord {
  currency: string;
  inrPerUnit: number;
  updatedAt: string;
}

interface RatesAnswer {
  success: boolean;
  rates: RateRecord[];
}

const SEEDED_AT = '2026-11-20T04:30:00.000Z';

describe('currency rates', () => {
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

  const listRates = () => call<RatesAnswer>(`${api.url}/api/public/currency-rates`);
  const setRate = (body: unknown, token = adminToken) =>
    call<{ success: boolean; message: string; rate?: RateRecord }>(
      `${api.url}/api/admin/currency-rates`,
      { body, headers: bearer(token) },
    );
  const rateOf = async (currency: string) =>
    (await listRates()).body.rates.find((rate) => rate.currency === currency);

  it('lists the seeded rates to anyone, in the converter order, each with its date', async () => {
    const answer = await listRates();
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.rates.map((rate) => rate.currency)).toEqual([...CURRENCIES]);
    expect(answer.body.rates[0]).toEqual({
      currency: 'USD',
      inrPerUnit: 88.75,
      updatedAt: SEEDED_AT,
    });
    expect(answer.body.rates.find((rate) => rate.currency === 'JPY')?.inrPerUnit).toBe(0.574);
  });

  it('lets an admin set a rate: answered, listed with the new date, and audited with the old rate', async () => {
    const before = await rateOf('GBP');
    const answer = await setRate({ currency: 'GBP', inrPerUnit: 117.123456 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'GBP rate updated.',
      rate: { currency: 'GBP', inrPerUnit: 117.123456 },
    });
    const after = await rateOf('GBP');
    expect(after?.inrPerUnit).toBe(117.123456);
    expect(Date.parse(after!.updatedAt)).toBeGreaterThan(Date.parse(before!.updatedAt));

    const [stored] = await query<{ rate: string; by: string }>(
      api,
      "SELECT inr_per_unit::text AS rate, updated_by AS by FROM currency_rates WHERE currency = 'GBP'",
    );
    expect(stored).toEqual({ rate: '117.123456', by: admin.id });
    const audit = await query<{ outcome: string; details: unknown }>(
      api,
      `SELECT outcome, details FROM audit_log
        WHERE actor_id = $1 AND action = 'currency-rate.update' ORDER BY id`,
      [admin.id],
    );
    expect(audit).toEqual([
      {
        outcome: 'success',
        details: { currency: 'GBP', from: '116.800000', to: '117.123456' },
      },
    ]);
  });

  it('dates a rate by the clock of the server', async () => {
    clock.advance({ minutes: 90 });
    // 90 unused minutes end a session (issue 31): the admin signs in again.
    adminToken = await signIn(api, admin);
    const sent = clock.now();
    const answer = await setRate({ currency: 'AED', inrPerUnit: '24.5' });
    expect(answer.status).toBe(200);
    const updatedAt = Date.parse(answer.body.rate!.updatedAt);
    expect(Math.abs(updatedAt - sent.getTime())).toBeLessThan(5_000);
    expect(await rateOf('AED')).toEqual({
      currency: 'AED',
      inrPerUnit: 24.5,
      updatedAt: answer.body.rate!.updatedAt,
    });
  });

  it.each([
    [{ currency: 'INR', inrPerUnit: 1 }, CurrencyMessages.currencyUnknown],
    [{ currency: 'usd', inrPerUnit: 88 }, CurrencyMessages.currencyUnknown],
    [{ inrPerUnit: 88 }, CurrencyMessages.currencyUnknown],
    [{ currency: 'USD' }, CurrencyMessages.rateRequired],
    [{ currency: 'USD', inrPerUnit: 0 }, CurrencyMessages.rateNotPositive],
    [{ currency: 'USD', inrPerUnit: -88 }, CurrencyMessages.rateInvalid],
    [{ currency: 'USD', inrPerUnit: 'eighty' }, CurrencyMessages.rateInvalid],
    [{ currency: 'USD', inrPerUnit: '88.1234567' }, CurrencyMessages.rateDecimals],
    [{ currency: 'USD', inrPerUnit: 2_000_000 }, CurrencyMessages.rateTooLarge],
    [{ currency: 'USD', inrPerUnit: 88, note: 'x' }, 'Unknown field "note".'],
  ])('refuses %j with "%s" and keeps the rate', async (body, message) => {
    const answer = await setRate(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
    expect((await rateOf('USD'))?.inrPerUnit).toBe(88.75);
  });

  it('refuses anyone but an admin', async () => {
    const distributor = await given(api).user({ role: 'distributor' });
    const answer = await setRate(
      { currency: 'USD', inrPerUnit: 1 },
      await signIn(api, distributor),
    );
    expect(answer.status).toBe(403);
    const anonymous = await call(`${api.url}/api/admin/currency-rates`, {
      body: { currency: 'USD', inrPerUnit: 1 },
    });
    expect(anonymous.status).toBe(401);
    expect((await rateOf('USD'))?.inrPerUnit).toBe(88.75);
  });
});
