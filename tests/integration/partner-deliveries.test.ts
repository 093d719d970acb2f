import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDeliverySummary } from '@khata/domain';
import {
  PartnerWebhookHandler,
  WebhookNotDeliveredError,
} from '../../apps/api/src/partners/partner-webhook.job.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { makeApiKey, signedHeaders, type PartnerKey } from '../support/partner-keys.js';
import { accountEndingIn, fund, payoutReaches } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Json = Record<string, unknown>;
type DeliveryPage = { data: WebhookDeliverySummary[]; total: number; page: number };

const sign = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * Issue 23: the partner sees its webhook deliveries (paged, with tries, last answer and next
 * retry) and sends a failed one again, the same event; an admin sees any partner's keys and
 * deliveries and revokes a key with the admin's PIN. Everyone else is refused, and a partner
 * never reaches another partner's events.
 */
describe('partner webhook deliveries and the admin view of a partner', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let server: Server;
  let url: string;
  /** Event ids the local webhook server refuses with a 500. */
  const refusing = new Set<string>();
  const received: { eventId: string; body: string; headers: IncomingMessage['headers'] }[] = [];

  beforeAll(async () => {
    api = await startTestApi({ RAIL_SANDBOX_LATENCY_MS: '50', LOG_LEVEL: 'silent' });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const eventId = String(request.headers['x-khata-event-id']);
        received.push({
          eventId,
          body: Buffer.concat(chunks).toString(),
          headers: request.headers,
        });
        response.statusCode = refusing.has(eventId) ? 500 : 200;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
  });

  const post = <T = Json>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<T & Json>(`${api.url}${path}`, { body, headers });

  /** A partner with a funded wallet, signed in, with a key and (unless told) a webhook. */
  async function partner(options: { webhook?: boolean } = {}) {
    const user = await given(api).user({ role: 'partner' });
    await fund(api, user, 1_000_000);
    const token = await signIn(api, user, '/api/auth/partner-login');
    const apiKey = await makeApiKey(api, user, token, ['payouts:write', 'payouts:read']);
    let secret = '';
    if (options.webhook ?? true) {
      const set = await post<{ secret: string }>('/api/partner/webhook', { url }, bearer(token));
      secret = set.body.secret;
    }
    return { user, token, apiKey, key: apiKey.key, secret };
  }

  async function payout(apiKey: PartnerKey, amount = 100) {
    const body = JSON.stringify({
      amount,
      beneficiaryName: 'Ravi Kumar',
      beneficiaryAccountNumber: accountEndingIn('123'),
      beneficiaryIfscCode: 'SBIN0001234',
      paymentMode: 'IMPS',
    });
    const answer = await call<Json & { payout: { _id: string; payload: { orderID: string } } }>(
      `${api.url}/api/partner/v1/payouts`,
      {
        method: 'POST',
        rawBody: body,
        headers: {
          ...signedHeaders(apiKey, 'POST', '/api/partner/v1/payouts', body),
          'idempotency-key': randomUUID(),
        },
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.payout;
  }

  const deliveries = (token: string, body: Json = {}) =>
    post<DeliveryPage>('/api/partner/webhookDeliveries', body, bearer(token));

  /** A recorded event of the partner's that the job has not tried yet. */
  async function recordedEvent(partnerId: string) {
    const payoutId = randomUUID();
    const eventId = `evt-${payoutId}-failed`;
    const payload = {
      id: eventId,
      type: 'payout.updated',
      createdAt: new Date().toISOString(),
      data: { _id: payoutId, status: 'failed', payload: { orderID: 'PO-TEST-1' } },
    };
    await query(
      api,
      `INSERT INTO webhook_deliveries (event_id, partner_id, payout_id, event_type, payload)
       VALUES ($1, $2, $3, 'payout.updated', $4)`,
      [eventId, partnerId, payoutId, JSON.stringify(payload)],
    );
    return eventId;
  }

  /** Runs the real delivery job by hand: try `attempt` of 10. */
  const tryDelivery = (eventId: string, attempt: number) =>
    api.app
      .get(PartnerWebhookHandler)
      .handle({ eventId }, { jobId: eventId, attempt, attempts: 10 });

  it("lists a partner's own deliveries newest first, paged on the server, with the order ID and the answer", async () => {
    const { token, apiKey } = await partner();
    const first = await payout(apiKey, 101);
    await payoutReaches(api, first._id, ['processed']);
    const processed = `evt-${first._id}-processed`;
    const page = await eventually(async () => {
      const answer = await deliveries(token);
      const row = answer.body.data?.find((each) => each.eventId === processed);
      return row?.status === 'delivered' ? answer : undefined;
    }, 30_000);
    expect(page.status).toBe(200);
    const row = page.body.data.find((each) => each.eventId === processed)!;
    expect(row).toEqual(
      expect.objectContaining({
        eventType: 'payout.updated',
        payoutId: first._id,
        orderId: first.payload.orderID,
        status: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        nextAttemptAt: null,
      }),
    );
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    // Paged by the server: one a page, the second page holds the next-older event.
    const one = await deliveries(token, { page: 1, pageSize: 1 });
    const two = await deliveries(token, { page: 2, pageSize: 1 });
    expect({ first: one.body.data.length, second: two.body.data.length }).toEqual({
      first: 1,
      second: 1,
    });
    expect(one.body.total).toBe(page.body.total);
    expect(two.body.data[0]!.eventId).not.toBe(one.body.data[0]!.eventId);
    expect(Date.parse(two.body.data[0]!.createdAt)).toBeLessThanOrEqual(
      Date.parse(one.body.data[0]!.createdAt),
    );
    // Bad paging is a 400 with a message, not a 500.
    const bad = await deliveries(token, { page: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
    // Another partner sees none of them.
    const other = await partner({ webhook: false });
    const theirs = await deliveries(other.token);
    expect({ status: theirs.status, total: theirs.body.total }).toEqual({ status: 200, total: 0 });
  }, 60_000);

  it('shows the next retry of a refused try, and sends a failed event again: the same id and body, once under a burst', async () => {
    const { user, token, secret } = await partner();
    const eventId = await recordedEvent(user.id);
    refusing.add(eventId);

    await expect(tryDelivery(eventId, 1)).rejects.toBeInstanceOf(WebhookNotDeliveredError);
    let [row] = (await deliveries(token)).body.data;
    expect(row).toEqual(
      expect.objectContaining({ eventId, status: 'pending', attempts: 1, lastStatus: 500 }),
    );
    // BullMQ's exponential backoff after the first try: 1 s.
    expect(Date.parse(row!.nextAttemptAt!) - Date.parse(row!.updatedAt)).toBe(1000);
    // Still being tried: not sent again by hand.
    const early = await post(
      '/api/partner/webhookDeliveries/redeliver',
      { eventId },
      bearer(token),
    );
    expect(early.status).toBe(409);

    await tryDelivery(eventId, 10);
    [row] = (await deliveries(token)).body.data;
    expect(row).toEqual(
      expect.objectContaining({ status: 'failed', attempts: 2, nextAttemptAt: null }),
    );
    refusing.delete(eventId);

    const sentBefore = received.filter((each) => each.eventId === eventId);
    expect(sentBefore).toHaveLength(2);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        post<{ delivery: WebhookDeliverySummary }>(
          '/api/partner/webhookDeliveries/redeliver',
          { eventId },
          bearer(token),
        ),
      ),
    );
    expect(burst.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const done = await eventually(async () => {
      const [now] = (await deliveries(token)).body.data;
      return now?.status === 'delivered' ? now : undefined;
    }, 30_000);
    expect(done).toEqual(
      expect.objectContaining({ attempts: 3, lastStatus: 200, redeliveries: 1 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = received.filter((each) => each.eventId === eventId);
    expect(sent).toHaveLength(3);
    // The same event: same id, same body, signed with the current secret.
    expect(sent[2]!.body).toBe(sentBefore[0]!.body);
    const timestamp = String(sent[2]!.headers['x-khata-timestamp']);
    expect(sent[2]!.headers['x-khata-signature']).toBe(sign(secret, timestamp, sent[2]!.body));
    // Delivered: not again.
    const again = await post(
      '/api/partner/webhookDeliveries/redeliver',
      { eventId },
      bearer(token),
    );
    expect(again.status).toBe(409);
    const [audit] = await query<{ actor_id: string; subject_id: string }>(
      api,
      `SELECT actor_id, subject_id FROM audit_log WHERE action = 'partner.webhook-redeliver'
         AND details->>'eventId' = $1`,
      [eventId],
    );
    expect(audit).toEqual({ actor_id: user.id, subject_id: user.id });
  }, 60_000);

  it("keeps each partner to its own events: another partner's is a 404, and a malformed id a 400", async () => {
    const owner = await partner({ webhook: false });
    const other = await partner({ webhook: false });
    const eventId = await recordedEvent(owner.user.id);
    await tryDelivery(eventId, 10);
    const foreign = await post(
      '/api/partner/webhookDeliveries/redeliver',
      { eventId },
      bearer(other.token),
    );
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({
      status: 404,
      message: 'Webhook delivery not found.',
    });
    const malformed = await post(
      '/api/partner/webhookDeliveries/redeliver',
      { eventId: "evt-1' OR 1=1" },
      bearer(other.token),
    );
    expect(malformed.status).toBe(400);
    const [row] = await query<{ status: string }>(
      api,
      'SELECT status FROM webhook_deliveries WHERE event_id = $1',
      [eventId],
    );
    expect(row!.status).toBe('failed');
  });

  it("lets an admin see any partner's keys and deliveries and revoke a key with the admin's PIN", async () => {
    const { user, token, apiKey, key } = await partner({ webhook: false });
    const eventId = await recordedEvent(user.id);
    await tryDelivery(eventId, 10);
    const asAdmin = bearer(adminToken);

    const keys = await post<{ data: Json[] }>(
      '/api/admin/partnerApiKeys',
      { partnerId: user.id },
      asAdmin,
    );
    expect(keys.status).toBe(200);
    expect(keys.body.data).toEqual([
      expect.objectContaining({
        id: key.id,
        prefix: key.prefix,
        scopes: ['payouts:write', 'payouts:read'],
        revokedAt: null,
      }),
    ]);
    expect(JSON.stringify(keys.body)).not.toContain(apiKey.secret);

    const listed = await post<DeliveryPage>(
      '/api/admin/partnerWebhookDeliveries',
      { partnerId: user.id, page: 1, pageSize: 10 },
      asAdmin,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row) => [row.eventId, row.status])).toEqual([[eventId, 'failed']]);
    const redelivered = await post<{ delivery: WebhookDeliverySummary }>(
      '/api/admin/partnerWebhookDeliveries/redeliver',
      { partnerId: user.id, eventId },
      asAdmin,
    );
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.delivery).toEqual(
      expect.objectContaining({ eventId, status: 'pending', redeliveries: 1 }),
    );

    // Revoke: the admin's PIN, not the partner's; a wrong one revokes nothing.
    const wrongPin = await post(
      '/api/admin/partnerApiKeys/revoke',
      { partnerId: user.id, id: key.id },
      { ...asAdmin, pin: admin.pin === '9999' ? '9998' : '9999' },
    );
    expect(wrongPin.status).toBeGreaterThanOrEqual(400);
    expect(wrongPin.status).toBeLessThan(500);
    const revoked = await post<{ key: Json }>(
      '/api/admin/partnerApiKeys/revoke',
      { partnerId: user.id, id: key.id },
      { ...asAdmin, pin: admin.pin },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.revokedAt).toEqual(expect.any(String));
    // The key stops at once, and the partner sees it revoked in its own area.
    const path = `/api/partner/v1/payouts/${randomUUID()}`;
    const refused = await call<Json>(`${api.url}${path}`, {
      method: 'GET',
      headers: signedHeaders(apiKey, 'GET', path, ''),
    });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 401,
      message: 'This API key has been revoked.',
    });
    const own = await post<{ data: Json[] }>('/api/partner/apiKeys', {}, bearer(token));
    expect(own.body.data[0]!.revokedAt).toEqual(expect.any(String));
    const [audit] = await query<{ actor_id: string; subject_id: string }>(
      api,
      `SELECT actor_id, subject_id FROM audit_log WHERE action = 'partner.api-key-revoke'
         AND details->>'keyId' = $1`,
      [key.id],
    );
    expect(audit).toEqual({ actor_id: admin.id, subject_id: user.id });
  });

  it('answers 404 for a user who is not a partner, and 403 to anyone but an admin', async () => {
    const { user, token, key } = await partner({ webhook: false });
    const retailer = await given(api).user({ role: 'user' });
    const distributor = await given(api).user({ role: 'distributor' });
    const distributorToken = await signIn(api, distributor);
    const asAdmin = bearer(adminToken);

    for (const path of ['/api/admin/partnerApiKeys', '/api/admin/partnerWebhookDeliveries']) {
      const notPartner = await post(path, { partnerId: retailer.id }, asAdmin);
      expect({ path, status: notPartner.status, message: notPartner.body.message }).toEqual({
        path,
        status: 404,
        message: 'Partner not found.',
      });
      expect((await post(path, { partnerId: 'nope' }, asAdmin)).status).toBe(400);
      expect((await post(path, { partnerId: user.id }, bearer(distributorToken))).status).toBe(403);
      expect((await post(path, { partnerId: user.id }, bearer(token))).status).toBe(403);
    }
    // Another partner's key id under this partner is a 404, and nothing is revoked.
    const other = await partner({ webhook: false });
    const mixed = await post(
      '/api/admin/partnerApiKeys/revoke',
      { partnerId: user.id, id: other.key.id },
      { ...asAdmin, pin: admin.pin },
    );
    expect(mixed.status).toBe(404);
    const [still] = await query<{ revoked_at: Date | null }>(
      api,
      'SELECT revoked_at FROM partner_api_keys WHERE id = $1',
      [other.key.id],
    );
    expect(still!.revoked_at).toBeNull();
    expect(key.id).not.toBe(other.key.id);
  });
});
