import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { PartnerApiMessages } from '../../apps/api/src/partners/partner-messages.js';
import { startApiChild, urlOf, type ApiChild } from '../support/api-processes.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  lastOtpTo,
  makeApiKey,
  signedHeaders,
  type PartnerKey,
  type SigningOptions,
} from '../support/partner-keys.js';
import { accountEndingIn, fund } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, unknown>;

/**
 * Issue 31, items 1 and 2: a partner's systems send a public key id and a signature over the
 * method, path, timestamp, nonce and body (never the secret); a signed call is good once; and a
 * key is made only with the partner's PIN and an OTP sent to its registered mobile, and the
 * partner is told by SMS.
 */
describe('partner keys: signed key ids, single-use calls, PIN and OTP to make a key', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ RAIL_SANDBOX_LATENCY_MS: '50' });
  });
  afterAll(() => api.close());

  const post = <T = Json>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<T & Json>(`${api.url}${path}`, { body, headers });

  async function partner(rupees = 10_000) {
    const user = await given(api).user({ role: 'partner' });
    if (rupees) await fund(api, user, rupees * 100);
    const token = await signIn(api, user, '/api/auth/partner-login');
    return { user, token };
  }

  /** A call from the partner's systems, signed now unless told otherwise. */
  function machine(
    key: Pick<PartnerKey, 'keyId' | 'secret'>,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: SigningOptions = {},
  ) {
    const raw = body === undefined ? '' : JSON.stringify(body);
    return call<Json & { payout: Json & { _id: string } }>(`${api.url}${path}`, {
      method,
      headers: signedHeaders(key, method, path, raw, options),
      ...(body === undefined ? {} : { rawBody: raw }),
    });
  }

  const payoutBody = (amount = 100) => ({
    amount,
    beneficiaryName: 'Ravi Kumar',
    beneficiaryAccountNumber: accountEndingIn('321'),
    beneficiaryIfscCode: 'SBIN0001234',
    paymentMode: 'IMPS',
  });

  const refusal = async (answer: Promise<{ status: number; body: Json }>) => {
    const { status, body } = await answer;
    return { status, message: body.message };
  };

  describe('signed calls', () => {
    it('takes a call signed with the key id, and keeps the secret sealed at rest', async () => {
      const { user, token } = await partner();
      const made = await makeApiKey(api, user, token, ['balance:read']);
      expect(made.keyId).toBe(made.key.prefix);
      expect(made.keyId).toMatch(/^kh_live_[0-9a-f]{8}$/);
      expect(made.secret).toMatch(/^kh_secret_[A-Za-z0-9_-]{43}$/);

      const balance = await machine(made, 'GET', '/api/partner/v1/balance');
      expect(balance.body).toEqual({ success: true, balance: 10_000 });

      const [stored] = await query<Json>(api, 'SELECT * FROM partner_api_keys WHERE id = $1', [
        made.key.id,
      ]);
      expect(stored!.secret_sealed).toMatch(/^v1\./);
      expect(JSON.stringify(stored)).not.toContain(made.secret.slice('kh_secret_'.length));
      const listed = await post('/api/partner/apiKeys', {}, bearer(token));
      expect(JSON.stringify(listed.body)).not.toContain(made.secret);
    });

    it('refuses the old X-Khata-Key header with a 401 that says what to send', async () => {
      const { user, token } = await partner();
      const made = await makeApiKey(api, user, token, ['balance:read']);
      const old = await call(`${api.url}/api/partner/v1/balance`, {
        headers: { 'x-khata-key': `${made.keyId}.${made.secret}` },
      });
      expect({ status: old.status, message: old.body.message }).toEqual({
        status: 401,
        message: PartnerApiMessages.oldKeyHeader,
      });
      expect(PartnerApiMessages.oldKeyHeader).toContain('X-Khata-Key-Id');
      const none = await call(`${api.url}/api/partner/v1/balance`);
      expect({ status: none.status, message: none.body.message }).toEqual({
        status: 401,
        message: PartnerApiMessages.keyRequired,
      });
    });

    it('signs the method, the path with its query, the timestamp, the nonce and the body', async () => {
      const { user, token } = await partner();
      const made = await makeApiKey(api, user, token);
      const mismatch = { status: 401, message: PartnerApiMessages.signatureMismatch };
      expect(
        await refusal(
          machine(made, 'GET', '/api/partner/v1/balance?x=1', undefined, {
            signPath: '/api/partner/v1/balance',
          }),
        ),
      ).toEqual(mismatch);
      expect(
        await refusal(
          machine(made, 'GET', `/api/partner/v1/payouts/${randomUUID()}`, undefined, {
            signPath: '/api/partner/v1/balance',
          }),
        ),
      ).toEqual(mismatch);
      expect(
        await refusal(
          machine(made, 'GET', '/api/partner/v1/balance', undefined, { signWith: 'not-it' }),
        ),
      ).toEqual(mismatch);
      // A POST signed as a GET of the same path.
      const body = JSON.stringify(payoutBody());
      const asGet = signedHeaders(made, 'GET', '/api/partner/v1/payouts', body);
      expect(
        await refusal(
          call(`${api.url}/api/partner/v1/payouts`, {
            rawBody: body,
            headers: { ...asGet, 'idempotency-key': randomUUID() },
          }),
        ),
      ).toEqual(mismatch);
      // Another nonce than the one signed.
      const headers = signedHeaders(made, 'GET', '/api/partner/v1/balance', '');
      expect(
        await refusal(
          call(`${api.url}/api/partner/v1/balance`, {
            headers: { ...headers, 'x-khata-nonce': randomUUID() },
          }),
        ),
      ).toEqual(mismatch);
      expect(
        await refusal(
          call(`${api.url}/api/partner/v1/balance`, {
            headers: { ...headers, 'x-khata-nonce': 'short' },
          }),
        ),
      ).toEqual({ status: 401, message: PartnerApiMessages.signatureMalformed });
      const withoutNonce = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name !== 'x-khata-nonce'),
      );
      expect(
        await refusal(call(`${api.url}/api/partner/v1/balance`, { headers: withoutNonce })),
      ).toEqual({ status: 401, message: PartnerApiMessages.signatureMissing });
      expect(
        await refusal(
          machine(made, 'GET', '/api/partner/v1/balance', undefined, {
            timestamp: String(Math.floor(Date.now() / 1000) - 305),
          }),
        ),
      ).toEqual({ status: 401, message: PartnerApiMessages.signatureStale });
      const unknown = await machine(
        { keyId: 'kh_live_00000000', secret: made.secret },
        'GET',
        '/api/partner/v1/balance',
      );
      expect({ status: unknown.status, message: unknown.body.message }).toEqual({
        status: 401,
        message: PartnerApiMessages.keyInvalid,
      });
    });

    it('lets exactly one of a parallel burst of the same signed payout call through', async () => {
      const { user, token } = await partner();
      const made = await makeApiKey(api, user, token);
      const body = JSON.stringify(payoutBody(130));
      // One captured call, sent ten times at once; a new Idempotency-Key each time would not
      // help a replayer either, since the signature covers only what was signed.
      const headers = {
        ...signedHeaders(made, 'POST', '/api/partner/v1/payouts', body),
        'idempotency-key': randomUUID(),
      };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          call(`${api.url}/api/partner/v1/payouts`, { rawBody: body, headers }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(401)]);
      for (const answer of answers.filter((each) => each.status === 401)) {
        expect(answer.body.message).toBe(PartnerApiMessages.replayed);
      }
      // Signed again with a new nonce, the same call is taken (and answers the same payout).
      const again = await call(`${api.url}/api/partner/v1/payouts`, {
        rawBody: body,
        headers: {
          ...signedHeaders(made, 'POST', '/api/partner/v1/payouts', body),
          'idempotency-key': headers['idempotency-key'],
        },
      });
      expect({ status: again.status, hit: again.headers.get('idempotency-hit') }).toEqual({
        status: 200,
        hit: 'true',
      });
      const rows = await query(api, 'SELECT id FROM payouts WHERE user_id = $1', [user.id]);
      expect(rows).toHaveLength(1);
    });

    it('refuses a read replayed with its nonce too', async () => {
      const { user, token } = await partner();
      const made = await makeApiKey(api, user, token, ['balance:read']);
      const headers = signedHeaders(made, 'GET', '/api/partner/v1/balance', '');
      const first = await call(`${api.url}/api/partner/v1/balance`, { headers });
      expect(first.status).toBe(200);
      expect(await refusal(call(`${api.url}/api/partner/v1/balance`, { headers }))).toEqual({
        status: 401,
        message: PartnerApiMessages.replayed,
      });
    });
  });

  describe('making a key', () => {
    it('asks for the PIN and an OTP sent to the registered mobile, then tells the partner by SMS', async () => {
      const { user, token } = await partner(0);
      const direct = await post(
        '/api/partner/apiKeys/create',
        { name: 'Sneaky', scopes: ['payouts:write'] },
        { ...bearer(token), pin: user.pin },
      );
      expect(direct.status).toBe(400);

      const asked = await post<{ referenceKey: string; message: string }>(
        '/api/partner/apiKeys/createOtp',
        { name: 'Payroll', scopes: ['payouts:write', 'balance:read'] },
        bearer(token),
      );
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe(
        `An OTP has been sent to your registered mobile ending ${user.mobile.slice(-4)}.`,
      );
      const otpSms = api.app.get(SandboxSmsSender).lastTo(user.mobile)!.text;
      expect(otpSms).toMatch(
        /^\d{6} is your Khata OTP to create the API key "Payroll" \(payouts:write, balance:read\)\./,
      );
      const otp = lastOtpTo(api, user.mobile)!;
      const referenceKey = asked.body.referenceKey;

      const noPin = await post('/api/partner/apiKeys/create', { referenceKey, otp }, bearer(token));
      expect(noPin.status).toBe(400);
      const wrongOtp = await post(
        '/api/partner/apiKeys/create',
        { referenceKey, otp: otp === '000000' ? '111111' : '000000' },
        { ...bearer(token), pin: user.pin },
      );
      expect(wrongOtp.status).toBe(422);
      const made = await post<PartnerKey>(
        '/api/partner/apiKeys/create',
        { referenceKey, otp },
        { ...bearer(token), pin: user.pin },
      );
      expect(made.status).toBe(200);
      expect(made.body.key).toMatchObject({
        name: 'Payroll',
        scopes: ['payouts:write', 'balance:read'],
      });

      const alert = api.app.get(SandboxSmsSender).lastTo(user.mobile)!.text;
      expect(alert).toMatch(
        new RegExp(
          `^A new API key "Payroll" \\(${made.body.keyId}; payouts:write, balance:read\\) was created on your Khata account at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} IST\\. If this was not you, `,
        ),
      );
      expect(alert).not.toContain(made.body.secret);

      // The OTP is used: the same reference makes no second key.
      const twice = await post(
        '/api/partner/apiKeys/create',
        { referenceKey, otp },
        { ...bearer(token), pin: user.pin },
      );
      expect(twice.status).toBe(422);
      const audit = await query<{ action: string }>(
        api,
        `SELECT action FROM audit_log WHERE subject_id = $1 AND action LIKE 'partner.api-key%'
          ORDER BY occurred_at`,
        [user.id],
      );
      expect(audit.map((row) => row.action)).toContain('partner.api-key-create');
      const keys = await query(api, 'SELECT id FROM partner_api_keys WHERE partner_id = $1', [
        user.id,
      ]);
      expect(keys).toHaveLength(1);
    });

    it("counts a wrong PIN toward the PIN lockout, and makes nothing on another partner's OTP", async () => {
      const { user, token } = await partner(0);
      const asked = await post<{ referenceKey: string }>(
        '/api/partner/apiKeys/createOtp',
        { name: 'Payroll', scopes: ['payouts:write'] },
        bearer(token),
      );
      const otp = lastOtpTo(api, user.mobile)!;
      const wrong = await post(
        '/api/partner/apiKeys/create',
        { referenceKey: asked.body.referenceKey, otp },
        { ...bearer(token), pin: user.pin === '0000' ? '1111' : '0000' },
      );
      expect(wrong.status).toBe(422);
      const [counted] = await query<{ failures: number }>(
        api,
        'SELECT pin_failures AS failures FROM users WHERE id = $1',
        [user.id],
      );
      expect(counted!.failures).toBe(1);

      const other: { user: GivenUser; token: string } = await partner(0);
      const theirs = await post(
        '/api/partner/apiKeys/create',
        { referenceKey: asked.body.referenceKey, otp },
        { ...bearer(other.token), pin: other.user.pin },
      );
      expect(theirs.status).toBe(422);
      expect(
        await query(api, 'SELECT id FROM partner_api_keys WHERE partner_id IN ($1, $2)', [
          user.id,
          other.user.id,
        ]),
      ).toEqual([]);
    });

    it('locks after 5 wrong PINs like every PIN-protected call', async () => {
      const { user, token } = await partner(0);
      const asked = await post<{ referenceKey: string }>(
        '/api/partner/apiKeys/createOtp',
        { name: 'Payroll', scopes: ['balance:read'] },
        bearer(token),
      );
      const otp = lastOtpTo(api, user.mobile)!;
      const wrongPin = user.pin === '0000' ? '1111' : '0000';
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          post(
            '/api/partner/apiKeys/create',
            { referenceKey: asked.body.referenceKey, otp },
            { ...bearer(token), pin: wrongPin },
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toContain(429);
      const right = await post(
        '/api/partner/apiKeys/create',
        { referenceKey: asked.body.referenceKey, otp },
        { ...bearer(token), pin: user.pin },
      );
      expect(right.status).toBe(429);
    });
  });

  describe('the request log', () => {
    let child: ApiChild | undefined;
    afterAll(() => child?.stop());

    it('carries neither the secret nor the signature of a real signed partner call', async () => {
      const { user, token } = await partner();
      const made = await makeApiKey(api, user, token);
      // The production entry point in a process of its own, logging every request as JSON.
      child = startApiChild(api, 'main', {
        KHATA_PROCESS: 'api',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      });
      const url = await urlOf(child);
      const path = '/api/partner/v1/payouts';
      const body = JSON.stringify(payoutBody(55));
      const headers: Record<string, string> = {
        ...signedHeaders(made, 'POST', path, body),
        'idempotency-key': randomUUID(),
      };
      const paid = await call(`${url}${path}`, { rawBody: body, headers });
      expect(paid.status).toBe(200);
      // The old header, secret and all, sent by a partner that has not moved yet.
      const old = await call(`${url}/api/partner/v1/balance`, {
        headers: { 'x-khata-key': `${made.keyId}.${made.secret}` },
      });
      expect(old.status).toBe(401);
      await child.waitFor(/"url":"\/api\/partner\/v1\/balance"[^\n]*"statusCode":401/);

      const output = child.output();
      // The lines are there (the call was logged, with its public key id) ...
      expect(output).toContain(`"url":"${path}"`);
      expect(output).toContain(made.keyId);
      // ... and neither the secret, nor any part of it, nor the signature.
      for (const secret of [
        made.secret,
        made.secret.slice('kh_secret_'.length),
        headers['x-khata-signature']!,
        headers['x-khata-signature']!.slice('sha256='.length),
      ]) {
        expect(output).not.toContain(secret);
      }
    }, 120_000);
  });
});
