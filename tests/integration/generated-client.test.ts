import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import createClient from 'openapi-fetch';
import { randomUUID } from 'node:crypto';
import { given, type GivenUser } from '../support/given.js';
import type { paths } from '../support/khata-api.js';
import { fund, saveBeneficiary } from '../support/payouts.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Issue 30: an integrator generates a client from /api/docs.json (openapi-typescript types,
 * tests/support/khata-api.d.ts, kept current by `npm run lint:api`) and pays out with it. The
 * types are checked by `npm run typecheck`: a route or an answer field the document loses
 * breaks this file's compile, not only its run.
 */
describe('a client generated from the OpenAPI document', () => {
  let api: TestApi;
  let retailer: GivenUser;

  beforeAll(async () => {
    api = await startTestApi();
    retailer = await given(api).user();
    await fund(api, retailer, 1000 * 100);
  });
  afterAll(() => api.close());

  it('signs in and makes a payout, reading typed answers', async () => {
    const payee = await saveBeneficiary(api, retailer, { ending: '123' });
    const client = createClient<paths>({ baseUrl: api.url });

    const login = await client.POST('/api/auth/login', {
      body: { mobile: retailer.mobile, password: retailer.password },
    });
    expect(login.response.status).toBe(200);
    const token: string = login.data!.token;

    const payout = await client.POST('/api/payment/bankTransfer', {
      body: {
        amount: '500',
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.accountNumber,
        beneficiaryIfscCode: payee.ifsc,
        paymentMode: 'IMPS',
      },
      headers: {
        authorization: `Bearer ${token}`,
        pin: retailer.pin,
        'idempotency-key': randomUUID(),
      },
    });
    expect(payout.response.status).toBe(200);
    // Typed by the document: a field renamed in libs/domain fails the type check here.
    const record = payout.data!.transactionRecord;
    expect(record.type).toBe('payout');
    expect(record.status).toBe('queued');
    expect(record.amount.amount).toBe(500);

    // An error answer is typed too: the document's Error body.
    const refused = await client.POST('/api/payment/bankTransfer', {
      body: { amount: '500' },
      headers: { authorization: `Bearer ${token}`, pin: retailer.pin },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.success).toBe(false);
  });
});
