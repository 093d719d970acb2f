import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDeliverySummary } from '@khata/domain';
import type { HostResolver } from '../../apps/api/src/net/host-resolver.js';
import { PartnerWebhookHandler } from '../../apps/api/src/partners/partner-webhook.job.js';
import { bearer, given, signIn } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, unknown>;

/**
 * Issue 31 item 8: a partner's webhook never reaches an internal address. A URL naming one is
 * refused when saved; a name is resolved when the event is sent, refused when any of its
 * addresses is internal (the delivery fails at once, with the reason in the partner's
 * deliveries), and otherwise connected to the very address that was checked. Names resolve
 * through this test's own hosts file (the resolver the application is built with), so a name
 * no real DNS knows reaches the local receiver only through the pinned address.
 */
describe('partner webhooks reach public addresses only', () => {
  let api: TestApi;
  let receiver: Server;
  let port: number;
  const received: { path: string | undefined; headers: IncomingMessage['headers'] }[] = [];
  const hosts = new Map<string, string[]>();
  const lookups: string[] = [];
  const hostsFile: HostResolver = {
    resolve: async (hostname: string) => {
      lookups.push(hostname);
      const addresses = hosts.get(hostname);
      if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      return addresses;
    },
  };

  beforeAll(async () => {
    // startTestApi allowlists 127.0.0.1 (WEBHOOK_ALLOW_ADDRESSES), where the receiver listens.
    api = await startTestApi({ LOG_LEVEL: 'silent' }, { hostResolver: hostsFile });
    // Answers 200, except /moved: a redirect to the cloud metadata address.
    receiver = createServer((request, response) => {
      received.push({ path: request.url, headers: request.headers });
      request.resume();
      request.on('end', () => {
        if (request.url === '/moved') {
          response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
        }
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await api.close();
  });

  const post = <T = Json>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<T & Json>(`${api.url}${path}`, { body, headers });

  async function partner() {
    const user = await given(api).user({ role: 'partner' });
    const token = await signIn(api, user, '/api/auth/partner-login');
    return { user, token };
  }

  /** A payout event of the partner's, recorded and not yet tried. */
  async function recordedEvent(partnerId: string) {
    const payoutId = randomUUID();
    const eventId = `evt-${payoutId}-processed`;
    const payload = { id: eventId, type: 'payout.updated', data: { _id: payoutId } };
    await query(
      api,
      `INSERT INTO webhook_deliveries (event_id, partner_id, payout_id, event_type, payload)
       VALUES ($1, $2, $3, 'payout.updated', $4)`,
      [eventId, partnerId, payoutId, JSON.stringify(payload)],
    );
    return eventId;
  }

  /** Runs the real delivery job once, as its first of 10 tries. */
  const tryDelivery = (eventId: string) =>
    api.app
      .get(PartnerWebhookHandler)
      .handle({ eventId }, { jobId: eventId, attempt: 1, attempts: 10 });

  async function delivery(token: string, eventId: string) {
    const page = await post<{ data: WebhookDeliverySummary[] }>(
      '/api/partner/webhookDeliveries',
      { pageSize: 100 },
      bearer(token),
    );
    return page.body.data.find((row) => row.eventId === eventId);
  }

  it('refuses to save a URL whose address is internal, with a message saying why', async () => {
    const { token } = await partner();
    const internal = [
      'https://10.0.0.5/hook',
      'https://172.16.4.2/hook',
      'https://192.168.1.1/hook',
      'https://100.64.0.1/hook',
      'https://127.0.0.2/hook',
      'https://2130706434/hook', // 127.0.0.2 written as one number
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/hook',
      'https://224.0.0.1/hook',
      'https://255.255.255.255/hook',
      'https://[::1]/hook',
      'https://[::]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://[ff02::1]/hook',
      'https://[::ffff:127.0.0.2]/hook',
      'https://[::ffff:169.254.169.254]/hook',
    ];
    for (const url of internal) {
      const refused = await post('/api/partner/webhook', { url }, bearer(token));
      expect({ url, status: refused.status, message: refused.body.message }).toEqual({
        url,
        status: 400,
        message: expect.stringMatching(/internal .*address.*public/),
      });
    }
    const current = await post<{ webhook: Json }>(
      '/api/partner/webhook/current',
      {},
      bearer(token),
    );
    expect(current.body.webhook).toEqual(expect.objectContaining({ url: null }));
    // A public address, and the receiver this run allowlists, are taken.
    for (const url of ['https://93.184.216.34/hook', `http://127.0.0.1:${port}/hook`]) {
      expect((await post('/api/partner/webhook', { url }, bearer(token))).status).toBe(200);
    }
  });

  it('refuses to send to a name that resolves to an internal address, and the partner reads why', async () => {
    const { user, token } = await partner();
    const set = await post(
      '/api/partner/webhook',
      { url: 'https://hooks.partner.test/khata' },
      {
        ...bearer(token),
      },
    );
    expect(set.status).toBe(200);
    const answers: [string[], string, string][] = [
      [['10.0.0.5'], '10.0.0.5', 'private'],
      [['169.254.169.254'], '169.254.169.254', 'link-local'],
      [['127.0.0.2'], '127.0.0.2', 'loopback'],
      [['100.100.0.1'], '100.100.0.1', 'carrier-grade NAT'],
      // One internal address among public ones is enough to refuse the name.
      [['93.184.216.34', '192.168.0.7'], '192.168.0.7', 'private'],
      [['::ffff:10.0.0.5'], '::ffff:10.0.0.5', 'private'],
      [['fd00::5'], 'fd00::5', 'unique-local'],
      [['fe80::1'], 'fe80::1', 'link-local'],
      [['::1'], '::1', 'loopback'],
    ];
    for (const [addresses, address, kind] of answers) {
      hosts.set('hooks.partner.test', addresses);
      const eventId = await recordedEvent(user.id);
      // Refused for good: the job ends without a retry.
      await expect(tryDelivery(eventId)).resolves.toBeUndefined();
      const row = await delivery(token, eventId);
      expect({ addresses, row }).toEqual({
        addresses,
        row: expect.objectContaining({
          status: 'failed',
          attempts: 1,
          lastStatus: null,
          nextAttemptAt: null,
          lastError: `hooks.partner.test resolves to ${address}, an internal (${kind}) address: webhooks go to public internet addresses only.`,
        }),
      });
    }
    expect(received).toHaveLength(0);
  });

  it('connects to the address it checked, with one lookup a try, and never follows a redirect', async () => {
    const { user, token } = await partner();
    expect(
      (await post('/api/partner/webhook', { url: `http://127.0.0.1:${port}/x` }, bearer(token)))
        .status,
    ).toBe(200);
    // A name only the hosts file knows, stored as an earlier release could have saved it: the
    // receiver is reached through the pinned address, never by a second (system) lookup.
    await query(api, 'UPDATE partner_webhooks SET url = $2 WHERE partner_id = $1', [
      user.id,
      `http://hooks.partner.test:${port}/khata`,
    ]);
    hosts.set('hooks.partner.test', ['127.0.0.1']);
    lookups.length = 0;
    received.length = 0;
    const eventId = await recordedEvent(user.id);
    await tryDelivery(eventId);
    expect(await delivery(token, eventId)).toEqual(
      expect.objectContaining({ status: 'delivered', lastStatus: 200, lastError: null }),
    );
    expect(lookups).toEqual(['hooks.partner.test']);
    expect(received.map(({ headers }) => [headers.host, headers['x-khata-event-id']])).toEqual([
      [`hooks.partner.test:${port}`, eventId],
    ]);

    // A redirect is an answer like any other that is not 2xx: tried again later, never followed.
    await query(api, 'UPDATE partner_webhooks SET url = $2 WHERE partner_id = $1', [
      user.id,
      `http://hooks.partner.test:${port}/moved`,
    ]);
    received.length = 0;
    const moved = await recordedEvent(user.id);
    await expect(tryDelivery(moved)).rejects.toThrow(`Webhook ${moved} not delivered: HTTP 307`);
    expect(await delivery(token, moved)).toEqual(
      expect.objectContaining({ status: 'pending', lastStatus: 307 }),
    );
    expect(received.map(({ path }) => path)).toEqual(['/moved']);
  });
});
