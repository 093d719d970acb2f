import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MOBILE_NOT_TEXT, TextMessages } from '@khata/domain';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MAX_BODY_DEPTH } from '../../apps/api/src/common/http/body-parsing.js';
import { WebhookMessages } from '../../apps/api/src/payouts/commands/apply-rail-webhook.handler.js';
import { signWebhook } from '../../apps/api/src/rail/webhook-signature.js';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { fund } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

const SECRET = 'input-hardening-webhook-secret-0123456789';

/**
 * Input is judged at the edge, once: strict types (a JSON number is no mobile number), one
 * text rule for every string (no control characters, no lone surrogates), and a body parser
 * with a size and a depth limit. Each case here was a 500 before (issue 10, §3 and §5).
 */
describe('input hardening', () => {
  let api: TestApi;
  let admin: { user: GivenUser; token: string };
  let retailer: { user: GivenUser; token: string };
  let counter: GivenUser;

  beforeAll(async () => {
    api = await startTestApi({ KHATA_PROCESS: 'api', RAIL_PROVIDER_WEBHOOK_SECRET: SECRET });
    const adminUser = await given(api).user({ role: 'admin', services: [] });
    const retailerUser = await given(api).user({ role: 'khataEmployee2' });
    counter = await given(api).user({ role: 'khataEmployee1' });
    await fund(api, retailerUser, 10_000_00);
    admin = { user: adminUser, token: await signIn(api, adminUser) };
    retailer = { user: retailerUser, token: await signIn(api, retailerUser) };
  });
  afterAll(() => api.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const ledgerEvents = async () =>
    Number((await query<{ n: string }>(api, 'SELECT count(*) AS n FROM ledger_events'))[0]!.n);

  const money = (token: string) => ({
    ...bearer(token),
    pin: '1234',
    'idempotency-key': randomUUID(),
  });

  describe('a JSON number where the contract says text', () => {
    it.each([
      ['/api/auth/login', () => ({}), { password: 'Secret@123' }],
      ['/api/auth/partner-login', () => ({}), { password: 'Secret@123' }],
      ['/api/admin/loginLink', () => bearer(admin.token), {}],
      ['/api/user/sendMoneyToWallet', () => money(retailer.token), { amount: '1' }],
      ['/api/admin/creditWallet', () => money(admin.token), { amount: '1' }],
      ['/api/public/callback-request', () => ({}), { name: 'Asha' }],
    ])(
      'refuses a numeric mobile on %s with 400 and moves no money',
      async (path, headers, rest) => {
        const before = await ledgerEvents();
        const answer = await call(`${api.url}${path}`, {
          body: { mobile: Number(counter.mobile), ...rest },
          headers: headers(),
        });
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 400,
          message: MOBILE_NOT_TEXT,
        });
        expect(await ledgerEvents()).toBe(before);
      },
    );
  });

  describe('a NUL byte or a lone surrogate in a text field', () => {
    const spoiled = ['a\u0000b', '\ud800x', 'x\udc00', 'bell\u0007'];

    /** Each text field of the issue, in an otherwise acceptable request. */
    const cases: [string, string, () => Record<string, string>, () => Record<string, unknown>][] = [
      [
        'the call-back name',
        'Name',
        () => ({}),
        () => ({ path: '/api/public/callback-request', body: { mobile: newMobile() } }),
      ],
      [
        'the call-back message',
        'Message',
        () => ({}),
        () => ({
          path: '/api/public/callback-request',
          body: { name: 'Asha', mobile: newMobile() },
        }),
      ],
      [
        'a beneficiary name',
        'Name',
        () => bearer(retailer.token),
        () => ({
          path: '/api/user/createBeneficiary',
          body: { AccountNo: accountNumber(), IfscCode: 'HDFC0000001', bankName: 'HDFC Bank' },
        }),
      ],
      [
        'a bank name',
        'Bank name',
        () => bearer(retailer.token),
        () => ({
          path: '/api/user/createBeneficiary',
          body: { AccountNo: accountNumber(), IfscCode: 'HDFC0000001', name: 'Asha' },
        }),
      ],
      [
        'an AEPS account name',
        'Name',
        () => bearer(retailer.token),
        () => ({
          path: '/api/user/createAepsBeneficiary',
          body: { AccountNo: accountNumber(), IfscCode: 'HDFC0000001', bankName: 'HDFC Bank' },
        }),
      ],
      [
        'a transfer remark',
        'Remark',
        () => money(retailer.token),
        () => ({
          path: '/api/user/sendMoneyToWallet',
          body: { mobile: counter.mobile, amount: '1' },
        }),
      ],
      [
        'a credit remark',
        'Remark',
        () => money(admin.token),
        () => ({ path: '/api/admin/creditWallet', body: { mobile: counter.mobile, amount: '1' } }),
      ],
      [
        'the session to log out',
        'Session',
        () => bearer(retailer.token),
        () => ({ path: '/api/user/logoutThisSession', body: {} }),
      ],
      [
        'a sign-up shop name',
        'Shop name',
        () => ({}),
        () => ({
          path: '/api/auth/signup',
          body: { name: 'Asha', mobile: newMobile(), password: 'Secret@123456', pin: '1234' },
        }),
      ],
    ];
    const fieldOf: Record<string, string> = {
      Name: 'name',
      Message: 'message',
      'Bank name': 'bankName',
      Remark: 'remark',
      Session: 'loginId',
      'Shop name': 'shopName',
    };

    it.each(cases)(
      'refuses %s with 400 naming the field "%s", and moves no money',
      async (_what, label, headers, request) => {
        for (const text of spoiled) {
          const { path, body } = request() as { path: string; body: Record<string, unknown> };
          const before = await ledgerEvents();
          const answer = await call(`${api.url}${path}`, {
            body: { ...body, [fieldOf[label]!]: text },
            headers: headers(),
          });
          expect({ text, status: answer.status, message: answer.body.message }).toEqual({
            text,
            status: 400,
            message: TextMessages.notAllowed(label),
          });
          expect(await ledgerEvents()).toBe(before);
        }
      },
    );

    it('takes text with tabs, new lines and any script or emoji', async () => {
      const answer = await call(`${api.url}/api/public/callback-request`, {
        body: { name: 'अमित 👍🏽', mobile: newMobile(), message: 'line one\n\tline two' },
      });
      expect(answer.status).toBe(200);
    });

    it('refuses a spoiled field name too', async () => {
      const key = await call(`${api.url}/api/public/callback-request`, {
        body: { name: 'Asha', mobile: newMobile(), ['x\u0000']: 1 },
      });
      expect([key.status, key.body.message]).toEqual([
        400,
        TextMessages.notAllowed('A field name'),
      ]);
    });
  });

  describe('the body parser', () => {
    it.each(['/api/auth/login', '/api/auth/signup', '/api/user/sendMoneyToWallet'])(
      'answers a body nested 40,000 levels deep on %s with 400, before any rule runs',
      async (path) => {
        const before = await ledgerEvents();
        for (const rawBody of [
          `${'['.repeat(40_000)}${']'.repeat(40_000)}`,
          `{"mobile":${'{"a":'.repeat(15_000)}1${'}'.repeat(15_001)}`,
        ]) {
          const answer = await call(`${api.url}${path}`, {
            rawBody,
            headers: money(retailer.token),
          });
          expect([answer.status, answer.body.message]).toEqual([
            400,
            `The request body nests deeper than ${MAX_BODY_DEPTH} levels.`,
          ]);
        }
        expect(await ledgerEvents()).toBe(before);
      },
    );

    it(`lets ${MAX_BODY_DEPTH} levels through to the rules, and refuses one more`, async () => {
      const nested = (depth: number) =>
        `{"mobile":${'['.repeat(depth - 1)}"9876543210"${']'.repeat(depth - 1)},"password":"x"}`;
      const atLimit = await call(`${api.url}/api/auth/login`, { rawBody: nested(MAX_BODY_DEPTH) });
      expect([atLimit.status, atLimit.body.message]).toEqual([400, MOBILE_NOT_TEXT]);
      const over = await call(`${api.url}/api/auth/login`, { rawBody: nested(MAX_BODY_DEPTH + 1) });
      expect(over.body.message).toBe(
        `The request body nests deeper than ${MAX_BODY_DEPTH} levels.`,
      );
    });

    it('counts no brackets inside strings', async () => {
      const answer = await call(`${api.url}/api/public/callback-request`, {
        body: { name: 'Asha', mobile: newMobile(), message: '[{'.repeat(200) + '\\"' },
      });
      expect(answer.status).toBe(200);
    });
  });

  describe('POST /api/webhooks/rail', () => {
    const deliver = (rawBody: string | undefined, contentType: string, signed: boolean) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return fetch(`${api.url}/api/webhooks/rail`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'x-rail-timestamp': timestamp,
          'x-rail-signature': signed
            ? signWebhook(SECRET, timestamp, rawBody ?? '')
            : 'f'.repeat(64),
        },
        body: rawBody,
      });
    };

    it.each([
      ['a signed body that is not JSON', 'not json at all', 'text/plain', true, 400, 'badBody'],
      [
        'a signed form body',
        'id=1&status=processed',
        'application/x-www-form-urlencoded',
        true,
        400,
        'badBody',
      ],
      ['an unsigned body that is not JSON', 'not json', 'text/plain', false, 401, 'badSignature'],
      ['no body at all', undefined, 'text/plain', true, 400, 'noBody'],
    ] as const)(
      'answers %s with a 4xx and a warning, never a 503 and an error',
      async (_what, rawBody, contentType, signed, status, message) => {
        const warn = jest.spyOn(Logger.prototype, 'warn');
        const error = jest.spyOn(Logger.prototype, 'error');
        const answer = await deliver(rawBody, contentType, signed);
        expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([
          status,
          WebhookMessages[message],
        ]);
        expect(warn).toHaveBeenCalled();
        expect(error).not.toHaveBeenCalled();
      },
    );
  });

  let accounts = 0;
  function accountNumber(): string {
    accounts++;
    return `6${String(Date.now()).slice(-8)}${String(accounts).padStart(3, '0')}`;
  }
});
