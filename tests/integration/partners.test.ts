import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { PartnerApiMessages } from '../../apps/api/src/partners/partner-messages.js';
import { WebhookSweepHandler } from '../../apps/api/src/partners/webhook-sweep.job.js';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import {
  makeApiKey,
  nowSeconds,
  signedHeaders,
  type PartnerKey,
  type SigningOptions,
} from '../support/partner-keys.js';
import { accountEndingIn, fund, payoutReaches } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Json = Record<string, unknown>;

/** The webhook recipe of docs/api.md: `sha256=` + hex HMAC-SHA256 of `<timestamp>.<raw body>`. */
function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Partners end to end on the real API: the admin makes a partner, the partner signs in to its
 * own area and makes keys and a webhook; its "systems" (this test) call the signed v1 API,
 * whose payouts run through the real pipeline (outbox, queue, sandbox rail); payout events
 * reach a real local HTTP server that fails twice before it answers 200.
 */
describe('partners: keys, signed payouts and webhooks', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({
      RAIL_SANDBOX_LATENCY_MS: '50',
      LOG_LEVEL: process.env.PARTNER_TEST_LOG ?? 'silent',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  const post = <T = Json>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<T & Json>(`${api.url}${path}`, { body, headers });

  /** A partner made the way the admin makes one, signed in at the partner door. */
  async function partner(rupees = 10_000) {
    const user: GivenUser = {
      id: '',
      mobile: newMobile(),
      name: 'Acme Payroll',
      role: 'partner',
      password: 'Secret@123456',
      pin: '4321',
    };
    const created = await post<{ user: { id: string; role: string } }>(
      '/api/admin/createPartner',
      { name: user.name, mobile: user.mobile, businessName: 'Acme Payroll Pvt Ltd' },
      { ...bearer(adminToken), pin: admin.pin },
    );
    expect(created.status).toBe(200);
    user.id = created.body.user.id;
    // The temporary password of the SMS signs in once; the partner then sets its own.
    const first = await post<{ token: string }>('/api/auth/partner-login', {
      mobile: user.mobile,
      password: temporaryPasswordOf(user.mobile),
    });
    const set = await post(
      '/api/auth/setCredentials',
      { newPassword: user.password, newPin: user.pin },
      bearer(first.body.token),
    );
    expect(set.status).toBe(200);
    if (rupees) await fund(api, user, rupees * 100);
    const token = await signIn(api, user, '/api/auth/partner-login');
    partnerOf.set(token, user);
    return { user, token };
  }

  /** Who signed in with a token: making a key takes the partner's PIN and its mobile's OTP. */
  const partnerOf = new Map<string, GivenUser>();

  const temporaryPasswordOf = (mobile: string) =>
    /temporary password is ([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\./.exec(
      api.app.get(SandboxSmsSender).lastTo(mobile)?.text ?? '',
    )?.[1];

  const newKey = (token: string, scopes?: string[]) =>
    makeApiKey(api, partnerOf.get(token)!, token, scopes);

  /** A call from the partner's systems: signed now, with a new nonce, unless told otherwise. */
  function machine(
    apiKey: Pick<PartnerKey, 'keyId' | 'secret'>,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: SigningOptions = {},
  ) {
    const raw = body === undefined ? '' : JSON.stringify(body);
    return call<Json & { payout: Json & { _id: string; status: string } }>(`${api.url}${path}`, {
      method,
      headers: signedHeaders(apiKey, method, path, raw, options),
      ...(body === undefined ? {} : { rawBody: raw }),
    });
  }

  const payoutBody = (amount = 100, ending = '123') => ({
    amount,
    beneficiaryName: 'Ravi Kumar',
    beneficiaryAccountNumber: accountEndingIn(ending),
    beneficiaryIfscCode: 'SBIN0001234',
    paymentMode: 'IMPS',
  });

  it('makes a partner with a wallet an admin funds, and a duplicate mobile is a 409 with nothing stored', async () => {
    const { user, token } = await partner(0);
    // Funded by an admin credit, like anyone; never by another user's wallet transfer.
    const credit = await post(
      '/api/admin/creditWallet',
      { mobile: user.mobile, amount: '1500', remark: 'partner float' },
      { ...bearer(adminToken), pin: admin.pin, 'idempotency-key': randomUUID() },
    );
    expect(credit.status).toBe(200);
    const balance = await post<{ balance: number }>('/api/user/checkBalance', {}, bearer(token));
    expect(balance.body.balance).toBe(1500);
    const employee = await given(api).user({ role: 'khataEmployee1' });
    await fund(api, employee, 10_000);
    const transfer = await post(
      '/api/user/sendMoneyToWallet',
      { mobile: user.mobile, amount: '10', name: user.name },
      {
        ...bearer(await signIn(api, employee)),
        pin: employee.pin,
        'idempotency-key': randomUUID(),
      },
    );
    expect({ status: transfer.status, message: transfer.body.message }).toEqual({
      status: 404,
      message: 'User not found',
    });
    const again = await post(
      '/api/admin/createPartner',
      {
        name: 'Other',
        mobile: user.mobile,
        businessName: 'Other Ltd',
      },
      { ...bearer(adminToken), pin: admin.pin },
    );
    expect(again.status).toBe(409);
    const plainHttp = await post(
      '/api/admin/createPartner',
      {
        name: 'Third',
        mobile: newMobile(),
        businessName: 'Third Ltd',
        webhookUrl: 'http://example.com/hook',
      },
      { ...bearer(adminToken), pin: admin.pin },
    );
    expect(plainHttp.status).toBe(400);
    const audit = await query<{ action: string }>(
      api,
      "SELECT action FROM audit_log WHERE subject_id = $1 AND action = 'partner.create'",
      [user.id],
    );
    expect(audit).toHaveLength(1);
  });

  it('gives a new partner a temporary password by SMS and an unknown PIN, to be replaced at first sign-in; an admin chooses neither', async () => {
    const mobile = newMobile();
    const chosen = await post(
      '/api/admin/createPartner',
      { name: 'Acme', mobile, businessName: 'Acme Ltd', password: 'Secret@123', pin: '1234' },
      { ...bearer(adminToken), pin: admin.pin },
    );
    expect({ status: chosen.status, message: chosen.body.message }).toEqual({
      status: 400,
      message:
        "An admin does not choose a partner's password or PIN: a temporary password is sent to the partner by SMS.",
    });
    expect(await query(api, 'SELECT 1 FROM users WHERE mobile = $1', [mobile])).toEqual([]);

    const created = await post<{ user: { id: string } }>(
      '/api/admin/createPartner',
      { name: 'Acme', mobile, businessName: 'Acme Ltd' },
      { ...bearer(adminToken), pin: admin.pin },
    );
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(
      'Partner created. A temporary password has been sent to their mobile by SMS: they set their own password and PIN at first sign-in.',
    );
    expect(
      await query(api, 'SELECT password_temporary, pin_temporary FROM users WHERE id = $1', [
        created.body.user.id,
      ]),
    ).toEqual([{ password_temporary: true, pin_temporary: true }]);
    const temporary = temporaryPasswordOf(mobile)!;
    expect(temporary).toBeDefined();
    const first = await post<{ token: string }>('/api/auth/partner-login', {
      mobile,
      password: temporary,
    });
    expect(first.body).toMatchObject({
      mustChangeCredentials: true,
      temporary: ['password', 'pin'],
    });
    const keys = await post(
      '/api/partner/apiKeys/createOtp',
      { name: 'x', scopes: ['balance:read'] },
      bearer(first.body.token),
    );
    expect({ status: keys.status, code: keys.body.code }).toEqual({ status: 403, code: 4031 });
    const set = await post<{ token: string }>(
      '/api/auth/setCredentials',
      { newPassword: 'Own@password1', newPin: '5791' },
      bearer(first.body.token),
    );
    expect(set.status).toBe(200);
    const afterwards = await makeApiKey(api, { mobile, pin: '5791' }, set.body.token, [
      'balance:read',
    ]);
    expect(afterwards.key.scopes).toEqual(['balance:read']);
    const audit = await query<{ details: Json }>(
      api,
      "SELECT details FROM audit_log WHERE subject_id = $1 AND action = 'partner.create'",
      [created.body.user.id],
    );
    expect(audit[0]?.details).toMatchObject({ credentials: 'temporary-by-sms' });
  });

  it('shows a key once, lists it by prefix without its secret, and revokes it with the PIN', async () => {
    const { user, token } = await partner();
    const created = await newKey(token, ['balance:read']);
    expect(created.keyId).toBe(created.key.prefix);
    expect(created.secret).toMatch(/^kh_secret_[A-Za-z0-9_-]{43}$/);

    const listed = await post<{ data: Json[] }>('/api/partner/apiKeys', {}, bearer(token));
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: created.key.id,
        prefix: created.key.prefix,
        scopes: ['balance:read'],
        revokedAt: null,
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    const [stored] = await query<{ sealed: string }>(
      api,
      'SELECT secret_sealed AS sealed FROM partner_api_keys WHERE id = $1',
      [created.key.id],
    );
    expect(stored!.sealed).toMatch(/^v1\./);
    expect(stored!.sealed).not.toContain(created.secret.slice('kh_secret_'.length));

    const balance = await machine(created, 'GET', '/api/partner/v1/balance');
    expect(balance.body).toEqual({ success: true, balance: 10_000 });

    const wrongPin = await post(
      '/api/partner/apiKeys/revoke',
      { id: created.key.id },
      { ...bearer(token), pin: '0000' },
    );
    expect(wrongPin.status).toBe(422);
    const other = await partner(0);
    const notTheirs = await post(
      '/api/partner/apiKeys/revoke',
      { id: created.key.id },
      { ...bearer(other.token), pin: other.user.pin },
    );
    expect({ status: notTheirs.status, message: notTheirs.body.message }).toEqual({
      status: 404,
      message: 'API key not found.',
    });
    const revoked = await post(
      '/api/partner/apiKeys/revoke',
      { id: created.key.id },
      { ...bearer(token), pin: user.pin },
    );
    expect(revoked.status).toBe(200);

    const after = await machine(created, 'GET', '/api/partner/v1/balance');
    expect({ status: after.status, message: after.body.message }).toEqual({
      status: 401,
      message: PartnerApiMessages.keyRevoked,
    });
  });

  it('refuses a wrong signature, a stale or future timestamp, a changed body, an unknown key and a missing scope', async () => {
    const { token } = await partner();
    const apiKey = await newKey(token, ['balance:read']);
    const refusal = async (answer: Promise<{ status: number; body: Json }>) => {
      const { status, body } = await answer;
      return { status, message: body.message };
    };

    expect(
      await refusal(
        machine(apiKey, 'GET', '/api/partner/v1/balance', undefined, {
          signWith: 'not-the-secret',
        }),
      ),
    ).toEqual({ status: 401, message: PartnerApiMessages.signatureMismatch });
    const stale = String(Math.floor(Date.now() / 1000) - 305);
    expect(
      await refusal(
        machine(apiKey, 'GET', '/api/partner/v1/balance', undefined, { timestamp: stale }),
      ),
    ).toEqual({ status: 401, message: PartnerApiMessages.signatureStale });
    const future = String(Math.floor(Date.now() / 1000) + 310);
    expect(
      await refusal(
        machine(apiKey, 'GET', '/api/partner/v1/balance', undefined, { timestamp: future }),
      ),
    ).toEqual({ status: 401, message: PartnerApiMessages.signatureStale });

    // A body changed after signing.
    const body = JSON.stringify(payoutBody());
    const tampered = await call(`${api.url}/api/partner/v1/payouts`, {
      rawBody: body.replace('"amount":100', '"amount":9000'),
      headers: {
        ...signedHeaders(apiKey, 'POST', '/api/partner/v1/payouts', body),
        'idempotency-key': randomUUID(),
      },
    });
    expect(tampered.status).toBe(401);

    const noScope = await machine(apiKey, 'POST', '/api/partner/v1/payouts', payoutBody(), {
      idempotencyKey: randomUUID(),
    });
    expect({ status: noScope.status, message: noScope.body.message }).toEqual({
      status: 403,
      message: `${PartnerApiMessages.scopeMissing} (payouts:write).`,
    });
    const unknownKey = await machine(
      { keyId: 'kh_live_00000000', secret: apiKey.secret },
      'GET',
      '/api/partner/v1/balance',
    );
    expect({ status: unknownKey.status, message: unknownKey.body.message }).toEqual({
      status: 401,
      message: PartnerApiMessages.keyInvalid,
    });
  });

  it('takes no session on the machine API and no key on the console calls', async () => {
    const { token } = await partner();
    const apiKey = await newKey(token);
    const withBearer = await call(`${api.url}/api/partner/v1/balance`, { headers: bearer(token) });
    expect({ status: withBearer.status, message: withBearer.body.message }).toEqual({
      status: 401,
      message: PartnerApiMessages.keyRequired,
    });
    const keyOnConsole = await call(`${api.url}/api/user/checkBalance`, {
      rawBody: '{}',
      headers: signedHeaders(apiKey, 'POST', '/api/user/checkBalance', '{}'),
    });
    expect({ status: keyOnConsole.status, message: keyOnConsole.body.message }).toEqual({
      status: 401,
      message: 'Please login to continue',
    });
  });

  it('pays through the payout pipeline: same key and body answer the same payout, another body is a 409', async () => {
    const { user, token } = await partner();
    const apiKey = await newKey(token);
    const body = payoutBody(250);
    const key = randomUUID();

    const missingKey = await machine(apiKey, 'POST', '/api/partner/v1/payouts', body);
    expect(missingKey.status).toBe(400);

    const signedAt = { timestamp: nowSeconds(), nonce: randomUUID() };
    const first = await machine(apiKey, 'POST', '/api/partner/v1/payouts', body, {
      idempotencyKey: key,
      ...signedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body.payout).toEqual(
      expect.objectContaining({ type: 'payout', status: 'queued' }),
    );
    const id = first.body.payout._id;
    const again = await machine(apiKey, 'POST', '/api/partner/v1/payouts', body, {
      idempotencyKey: key,
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-hit')).toBe('true');
    expect(again.body.payout._id).toBe(id);
    // The very same signed call captured and replayed inside the window is refused (issue 31).
    const replay = await machine(apiKey, 'POST', '/api/partner/v1/payouts', body, {
      idempotencyKey: key,
      ...signedAt,
    });
    expect({ status: replay.status, message: replay.body.message }).toEqual({
      status: 401,
      message: PartnerApiMessages.replayed,
    });
    const otherPayee = await machine(
      apiKey,
      'POST',
      '/api/partner/v1/payouts',
      { ...body, beneficiaryName: 'Someone Else' },
      { idempotencyKey: key },
    );
    expect(otherPayee.status).toBe(409);
    const other = await machine(
      apiKey,
      'POST',
      '/api/partner/v1/payouts',
      { ...body, amount: 251 },
      { idempotencyKey: key },
    );
    expect(other.status).toBe(409);

    const row = await payoutReaches(api, id, ['processed']);
    expect(row.utr).toBeTruthy();
    const status = await machine(apiKey, 'GET', `/api/partner/v1/payouts/${id}`);
    expect(status.body.payout).toEqual(expect.objectContaining({ _id: id, status: 'processed' }));
    // The partner's own transaction list (its dashboard) shows it.
    const listed = await post<{ data: { _id: string }[] }>(
      '/api/user/transactions',
      { page: 1, pageSize: 10 },
      bearer(token),
    );
    expect(listed.body.data.map((record) => record._id)).toContain(id);

    const stranger = await partner(0);
    const strangerKey = await newKey(stranger.token);
    const notTheirs = await machine(strangerKey, 'GET', `/api/partner/v1/payouts/${id}`);
    expect({ status: notTheirs.status, message: notTheirs.body.message }).toEqual({
      status: 404,
      message: PartnerApiMessages.payoutNotFound,
    });

    // One payout for the partner, its ledger event marked with the key that asked for it.
    const events = await query<{ apiKeyId: string | null; sessionId: string | null }>(
      api,
      `SELECT e.metadata->>'apiKeyId' AS "apiKeyId", e.metadata->>'sessionId' AS "sessionId"
       FROM ledger_events e WHERE e.stream LIKE '%' || $1 AND e.type LIKE '%.requested'`,
      [id],
    );
    expect(events).toEqual([{ apiKeyId: expect.any(String), sessionId: null }]);
    const rows = await query(api, 'SELECT id FROM payouts WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
  });

  it('makes exactly one payout from a parallel burst of one Idempotency-Key', async () => {
    const { user, token } = await partner();
    const apiKey = await newKey(token);
    const body = payoutBody(120);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        machine(apiKey, 'POST', '/api/partner/v1/payouts', body, { idempotencyKey: key }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body.payout._id)).size).toBe(1);
    const rows = await query<{ id: string }>(api, 'SELECT id FROM payouts WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('asks before paying the same payee the same amount twice within 20 minutes', async () => {
    const { token } = await partner();
    const apiKey = await newKey(token);
    const body = payoutBody(90);
    const first = await machine(apiKey, 'POST', '/api/partner/v1/payouts', body, {
      idempotencyKey: randomUUID(),
    });
    expect(first.status).toBe(200);
    const twin = await machine(apiKey, 'POST', '/api/partner/v1/payouts', body, {
      idempotencyKey: randomUUID(),
    });
    expect({ status: twin.status, code: twin.body.code }).toEqual({ status: 409, code: 4091 });
    const confirmed = await machine(
      apiKey,
      'POST',
      '/api/partner/v1/payouts',
      { ...body, confirmDuplicate: true },
      { idempotencyKey: randomUUID() },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payout._id).not.toBe(first.body.payout._id);
  });

  it('holds each key to 120 calls a minute under a parallel burst, and only that key', async () => {
    const { token } = await partner(0);
    const busy = await newKey(token, ['balance:read']);
    const calm = await newKey(token, ['balance:read']);
    const answers = await Promise.all(
      Array.from({ length: 130 }, () => machine(busy, 'GET', '/api/partner/v1/balance')),
    );
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    expect({ ok: count(200), limited: count(429) }).toEqual({ ok: 120, limited: 10 });
    expect((await machine(calm, 'GET', '/api/partner/v1/balance')).status).toBe(200);
  });

  describe('webhooks', () => {
    let server: Server;
    let url: string;
    const received: { eventId: string; body: string; headers: IncomingMessage['headers'] }[] = [];
    const tries = new Map<string, number>();

    beforeAll(async () => {
      // Fails the first two tries of each event, then takes it.
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const eventId = String(request.headers['x-khata-event-id']);
          const n = (tries.get(eventId) ?? 0) + 1;
          tries.set(eventId, n);
          received.push({
            eventId,
            body: Buffer.concat(chunks).toString(),
            headers: request.headers,
          });
          response.statusCode = n <= 2 ? 503 : 200;
          response.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/khata-events`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sets the URL (https, or local http in tests) and shows a new secret once, rotated with the PIN', async () => {
      const { user, token } = await partner(0);
      const refused = await post(
        '/api/partner/webhook',
        { url: 'http://example.com/x' },
        bearer(token),
      );
      expect(refused.status).toBe(400);
      const set = await post<{ secret: string; webhook: Json }>(
        '/api/partner/webhook',
        { url },
        bearer(token),
      );
      expect(set.body.secret).toMatch(/^whsec_/);
      expect(set.body.webhook).toEqual(expect.objectContaining({ url, hasSecret: true }));
      // Sealed at rest: the table holds AES-GCM text, never the secret itself.
      const [stored] = await query<{ secret: string }>(
        api,
        'SELECT secret FROM partner_webhooks WHERE partner_id = $1',
        [user.id],
      );
      expect(stored!.secret).toMatch(/^v1\./);
      expect(stored!.secret).not.toContain(set.body.secret.slice('whsec_'.length));
      const setAgain = await post<{ secret?: string }>(
        '/api/partner/webhook',
        { url },
        bearer(token),
      );
      expect(setAgain.body.secret).toBeUndefined();
      const current = await post('/api/partner/webhook/current', {}, bearer(token));
      expect(JSON.stringify(current.body)).not.toContain(set.body.secret);
      const noPin = await post('/api/partner/webhook/rotateSecret', {}, bearer(token));
      expect(noPin.status).toBe(400);
      const rotated = await post<{ secret: string }>(
        '/api/partner/webhook/rotateSecret',
        {},
        { ...bearer(token), pin: user.pin },
      );
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(set.body.secret);
    });

    it('posts each payout status as a signed event, retried with backoff until the partner answers 2xx', async () => {
      const { token } = await partner();
      const { secret } = (
        await post<{ secret: string }>('/api/partner/webhook', { url }, bearer(token))
      ).body;
      const apiKey = await newKey(token);
      const paid = await machine(apiKey, 'POST', '/api/partner/v1/payouts', payoutBody(75), {
        idempotencyKey: randomUUID(),
      });
      const id = paid.body.payout._id;
      await payoutReaches(api, id, ['processed']);

      const processedEvent = `evt-${id}-processed`;
      const rows = await eventually(async () => {
        const found = await query<{
          event_id: string;
          status: string;
          attempts: number;
          last_status: number;
        }>(
          api,
          'SELECT event_id, status, attempts, last_status FROM webhook_deliveries WHERE payout_id = $1 ORDER BY event_id',
          [id],
        );
        return found.some((row) => row.event_id === processedEvent) &&
          found.every((row) => row.status === 'delivered')
          ? found
          : undefined;
      }, 30_000);
      expect(rows.map((row) => row.event_id)).toEqual(
        expect.arrayContaining([`evt-${id}-queued`, processedEvent]),
      );
      for (const row of rows)
        expect({ attempts: row.attempts, last: row.last_status }).toEqual({
          attempts: 3,
          last: 200,
        });

      const deliveries = received.filter((each) => each.eventId === processedEvent);
      expect(deliveries).toHaveLength(3);
      for (const delivery of deliveries) {
        const timestamp = String(delivery.headers['x-khata-timestamp']);
        expect(delivery.headers['x-khata-signature']).toBe(sign(secret, timestamp, delivery.body));
        expect(JSON.parse(delivery.body)).toEqual(
          expect.objectContaining({
            id: processedEvent,
            type: 'payout.updated',
            data: expect.objectContaining({ _id: id, status: 'processed' }),
          }),
        );
      }
      // Delivered once: no fourth request comes for an event already answered 200.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(received.filter((each) => each.eventId === processedEvent)).toHaveLength(3);
    }, 60_000);

    it('queues again an event recorded while the queue was unreachable, and delivers it', async () => {
      const { user, token } = await partner(0);
      await post('/api/partner/webhook', { url }, bearer(token));
      const eventId = `evt-${randomUUID()}-processed`;
      // Recorded, never queued, two quiet minutes ago: what a Redis outage leaves behind.
      await query(
        api,
        `INSERT INTO webhook_deliveries (event_id, partner_id, payout_id, event_type, payload, updated_at)
         VALUES ($1, $2, $3, 'payout.updated', $4, now() - interval '3 minutes')`,
        [eventId, user.id, randomUUID(), JSON.stringify({ id: eventId, type: 'payout.updated' })],
      );
      await api.app.get(WebhookSweepHandler).handle();
      const row = await eventually(async () => {
        const [found] = await query<{ status: string; attempts: number }>(
          api,
          'SELECT status, attempts FROM webhook_deliveries WHERE event_id = $1',
          [eventId],
        );
        return found?.status === 'delivered' ? found : undefined;
      }, 30_000);
      expect(row.attempts).toBe(3);
      // A second sweep finds nothing left to queue.
      await api.app.get(WebhookSweepHandler).handle();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(received.filter((each) => each.eventId === eventId)).toHaveLength(3);
    }, 60_000);
  });
});
