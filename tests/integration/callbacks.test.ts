import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PagingMessages } from '@khata/domain';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn } from '../support/given.js';
import { call, startTestApi, type TestApi, query } from '../support/test-api.js';

// Each test sends from an address of its own (the API trusts the loopback proxy's
// X-Forwarded-For), so the per-address limit of one test cannot reach another.
let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

interface CallbackRow {
  name: string;
  mobile: string;
  message: string | null;
  ip: string | null;
  handled_at: Date | null;
}

interface CallbackRecord {
  id: string;
  name: string;
  mobile: string;
  message: string | null;
  ip: string | null;
  createdAt: string;
  handledAt: string | null;
}

const THANKS = { success: true, message: 'Thank you! We will call you back soon.' };

describe('call-back requests', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    adminToken = await signIn(api, await given(api).user({ role: 'admin', services: [] }));
  });
  afterAll(() => api.close());

  const requestCallback = (body: unknown, address = newAddress()) =>
    call(`${api.url}/api/public/callback-request`, {
      body,
      headers: { 'x-forwarded-for': address },
    });

  const listRequests = (token: string, body: unknown = {}) =>
    call<{ success: boolean; data: CallbackRecord[]; total: number; message?: string }>(
      `${api.url}/api/admin/callback-requests`,
      { body, headers: bearer(token) },
    );

  it('stores the request with its address and thanks the visitor, without a sign-in', async () => {
    const address = newAddress();
    const answer = await requestCallback(
      { name: '  Meena Traders ', mobile: '98765-43210', message: 'Want to add AEPS at my shop.' },
      address,
    );

    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: THANKS });
    const rows = await query<CallbackRow>(
      api,
      'SELECT name, mobile, message, ip, handled_at FROM callback_requests WHERE ip = $1',
      [address],
    );
    expect(rows).toEqual([
      {
        name: 'Meena Traders',
        mobile: '9876543210',
        message: 'Want to add AEPS at my shop.',
        ip: address,
        handled_at: null,
      },
    ]);
  });

  it('takes a request without a message', async () => {
    const address = newAddress();
    const answer = await requestCallback({ name: 'Ravi', mobile: '9876543211' }, address);

    expect(answer.body).toEqual(THANKS);
    const rows = await query<CallbackRow>(
      api,
      'SELECT message FROM callback_requests WHERE ip = $1',
      [address],
    );
    expect(rows).toEqual([{ message: null }]);
  });

  it.each([
    ['no name', 'Please enter your name.', { mobile: '9876543210' }],
    ['a blank name', 'Please enter your name.', { name: '   ', mobile: '9876543210' }],
    [
      'a name of 121 characters',
      'Name must be at most 120 characters.',
      { name: 'x'.repeat(121), mobile: '9876543210' },
    ],
    ['no mobile', 'Please input mobile number!', { name: 'Ravi' }],
    ['a 5-digit mobile', 'Mobile number must be 10 digits', { name: 'Ravi', mobile: '98765' }],
    [
      'a message of 1001 characters',
      'Message must be at most 1000 characters.',
      { name: 'Ravi', mobile: '9876543210', message: 'x'.repeat(1001) },
    ],
    [
      'a message that is not text',
      'Message must be text.',
      { name: 'Ravi', mobile: '9876543210', message: 42 },
    ],
    [
      'an unknown field',
      'Unknown field "email".',
      { name: 'Ravi', mobile: '9876543210', email: 'a@b.c' },
    ],
  ])('refuses %s with "%s" and stores nothing', async (_case, message, body) => {
    const address = newAddress();
    const answer = await requestCallback(body, address);

    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { success: false, message },
    });
    const rows = await query(api, 'SELECT 1 FROM callback_requests WHERE ip = $1', [address]);
    expect(rows).toEqual([]);
  });

  it('takes 5 requests an hour from one address, then answers 429 with a clear message', async () => {
    const address = newAddress();
    for (let sent = 0; sent < 5; sent++) {
      const answer = await requestCallback({ name: 'Ravi', mobile: '9876543210' }, address);
      expect(answer.status).toBe(200);
    }

    const refused = await requestCallback({ name: 'Ravi', mobile: '9876543210' }, address);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: {
        success: false,
        message:
          'You have asked for several call-backs already. Please try again in 60 minutes, or call our support line.',
      },
    });
    const rows = await query(api, 'SELECT 1 FROM callback_requests WHERE ip = $1', [address]);
    expect(rows).toHaveLength(5);

    const otherAddress = await requestCallback({ name: 'Ravi', mobile: '9876543210' });
    expect(otherAddress.status).toBe(200);
  });

  it('lists the latest requests to an admin, newest first, a page at a time', async () => {
    const names = ['First caller', 'Second caller', 'Third caller'];
    for (const name of names) {
      clock.advance({ seconds: 1 });
      await requestCallback({ name, mobile: '9123456780' });
    }

    const firstPage = await listRequests(adminToken, { page: 1, pageSize: 2 });
    expect(firstPage.status).toBe(200);
    expect(firstPage.body.success).toBe(true);
    expect(firstPage.body.data.map((request) => request.name)).toEqual([
      'Third caller',
      'Second caller',
    ]);
    expect(firstPage.body.data[0]).toEqual({
      id: expect.any(String),
      name: 'Third caller',
      mobile: '9123456780',
      message: null,
      ip: expect.stringMatching(/^203\.0\.113\./),
      createdAt: expect.any(String),
      handledAt: null,
      handledBy: null,
      handledNote: null,
    });
    const [{ count }] = await query<{ count: number }>(
      api,
      'SELECT count(*)::int AS count FROM callback_requests',
    );
    expect(firstPage.body.total).toBe(count);

    const secondPage = await listRequests(adminToken, { page: 2, pageSize: 2 });
    expect(secondPage.body.data[0]?.name).toBe('First caller');
  });

  it('refuses a page size above 100', async () => {
    const answer = await listRequests(adminToken, { pageSize: 101 });

    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { success: false, message: PagingMessages.pageSizeInvalid(100) },
    });
  });

  it('refuses the list to anyone but an admin with 403, and to a visitor with 401', async () => {
    const distributorToken = await signIn(api, await given(api).user({ role: 'distributor' }));

    const distributor = await listRequests(distributorToken);
    expect({ status: distributor.status, message: distributor.body.message }).toEqual({
      status: 403,
      message: 'You are not allowed to do this.',
    });

    const visitor = await call(`${api.url}/api/admin/callback-requests`, { body: {} });
    expect({ status: visitor.status, message: visitor.body.message }).toEqual({
      status: 401,
      message: 'Please login to continue',
    });
  });
});
