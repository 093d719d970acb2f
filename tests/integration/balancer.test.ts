import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BalanceUpdate } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  haproxyCommand,
  haproxyInstalled,
  serverReaches,
  serverStates,
  serverStats,
  startHaproxy,
  type RunningHaproxy,
} from '../../scripts/lib/haproxy.mjs';
import { startApiChild, urlOf, type ApiChild } from '../support/api-processes.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  fund,
  ledgerViolations,
  payoutReaches,
  railTransfers,
  saveBeneficiary,
  type SavedBeneficiary,
} from '../support/payouts.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// docs/operations.md "Behind a load balancer": HAProxy (docker/haproxy/haproxy.cfg, Debian's
// haproxy) in front of two real API processes (KHATA_PROCESS=api) of one deployment; the test's
// own in-process app runs the jobs (payouts) as a worker would.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the client saw of one request: the key it sent, and the tries that failed before. */
interface Sent {
  key: string;
  id?: string;
  failedTries: number;
}

describe('the portal behind HAProxy', () => {
  if (!haproxyInstalled()) {
    it('needs Debian’s haproxy (`apt-get install -y haproxy`; .ci/run installs it)', () => {
      throw new Error('haproxy is not installed');
    });
    return;
  }

  let api: TestApi;
  let lb: TestApi;
  let haproxy: RunningHaproxy;
  const children: ApiChild[] = [];
  const ports: [number, number] = [0, 0];
  let statsPort: number;
  let socket: string;
  let admin: GivenUser;
  const clients = socketClients();

  const startApi = (index: 0 | 1) => {
    const child = startApiChild(api, 'main', {
      KHATA_PROCESS: 'api',
      PORT: String(ports[index]),
    });
    children[index] = child;
    return urlOf(child);
  };

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    ports[0] = await freePort();
    ports[1] = await freePort();
    statsPort = await freePort();
    const port = await freePort();
    socket = join(mkdtempSync(join(tmpdir(), 'khata-lb-')), 'haproxy.sock');
    await Promise.all([startApi(0), startApi(1)]);
    haproxy = await startHaproxy({ port, apiPorts: ports, statsPort, socket });
    lb = { ...api, url: `http://127.0.0.1:${port}` };
    await serverReaches(statsPort, 'api1', 'UP');
    await serverReaches(statsPort, 'api2', 'UP');
  }, 120_000);

  afterAll(async () => {
    clients.closeAll();
    await haproxy?.stop();
    await Promise.all(children.map((child) => child.stop()));
    await api?.close();
  });

  it('delivers a live balance event to sockets connected through it, on either process', async () => {
    const user = await given(api).user();
    const token = await signIn(lb, user);
    // Round robin: the two handshakes go to the two processes.
    const listeners = [await clients.connect(lb, { token }), await clients.connect(lb, { token })];
    const credit = await call(`${lb.url}/api/admin/creditWallet`, {
      body: { mobile: user.mobile, amount: '7.25', remark: 'float' },
      headers: {
        ...bearer(await signIn(lb, admin)),
        pin: admin.pin,
        'idempotency-key': randomUUID(),
      },
    });
    expect(credit.status).toBe(200);
    for (const listener of listeners) {
      expect(await heard<BalanceUpdate>(listener, 'balance.updated')).toMatchObject({
        balance: 7.25,
      });
    }
  });

  it('loses no request when an API process is killed under load and restarted: each applied once, no payout paid twice', async () => {
    // Enough senders that the kill usually cuts off requests already committed: a client that
    // resent those with a new key (checked once, 2026-11-29) was caught paying twice below.
    const senders = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const user = await given(api).user();
        await fund(api, user, 1_000_000);
        return { user, token: await signIn(lb, user) };
      }),
    );
    const recipient = await given(api).user();
    const payers = await Promise.all(
      Array.from({ length: 1 }, async () => {
        const user = await given(api).user();
        await fund(api, user, 10_000_000);
        const payee = await saveBeneficiary(api, user);
        return { user, payee, token: await signIn(lb, user) };
      }),
    );

    let loading = true;
    const unexpected: string[] = [];
    /**
     * Sends one request with a new Idempotency-Key and, while the client sees it fail (no
     * answer, or the balancer's 502/503/504), sends it again with the same key.
     */
    const sendUntilAnswered = async (
      path: string,
      body: unknown,
      who: { user: GivenUser; token: string },
    ): Promise<Sent> => {
      const sent: Sent = { key: randomUUID(), failedTries: 0 };
      for (;;) {
        const answer = await call<{ transactionRecord?: { _id: string } }>(`${lb.url}${path}`, {
          body,
          headers: { ...bearer(who.token), pin: who.user.pin, 'idempotency-key': sent.key },
        }).catch(() => undefined);
        if (answer?.status === 200) return { ...sent, id: answer.body.transactionRecord?._id };
        if (answer && ![502, 503, 504].includes(answer.status)) {
          unexpected.push(`${path} ${answer.status} ${JSON.stringify(answer.body)}`);
          return sent;
        }
        sent.failedTries += 1;
        if (sent.failedTries > 50) throw new Error(`${path} failed 50 times: ${sent.key}`);
        await sleep(100);
      }
    };
    const lane = async (send: () => Promise<Sent>, pauseMs = 0) => {
      const done: Sent[] = [];
      while (loading) {
        done.push(await send());
        await sleep(pauseMs);
      }
      return done;
    };
    const transfers = senders.map((sender) =>
      lane(() =>
        sendUntilAnswered(
          '/api/user/sendMoneyToWallet',
          { mobile: recipient.mobile, amount: 1, remark: 'lb' },
          sender,
        ),
      ),
    );
    // A new amount each time: the same amount to the same account within 20 minutes asks to confirm.
    let amount = 100;
    const payouts = payers.map((payer) =>
      lane(
        () => sendUntilAnswered('/api/payment/bankTransfer', pay(payer.payee, amount++), payer),
        200,
      ),
    );

    await sleep(2000);
    await children[0]!.stop('SIGKILL');
    await serverReaches(statsPort, 'api1', 'DOWN');
    await sleep(1000);
    const restarted = startApi(0);
    await restarted;
    await serverReaches(statsPort, 'api1', 'UP');
    await sleep(2000);
    loading = false;
    const sentTransfers = (await Promise.all(transfers)).flat();
    const sentPayouts = (await Promise.all(payouts)).flat();

    expect(unexpected).toEqual([]);
    expect(sentTransfers.length).toBeGreaterThan(20);
    expect(sentPayouts.length).toBeGreaterThan(5);

    // Every transfer the client saw succeed is one ledger event; no key is two; nothing else moved.
    const events = await query<{ idempotency_key: string; n: number }>(
      lb,
      `SELECT idempotency_key, count(*)::int AS n FROM ledger_events
        WHERE actor_id = ANY($1::uuid[]) GROUP BY idempotency_key`,
      [senders.map((sender) => sender.user.id)],
    );
    expect(events.filter((event) => event.n !== 1)).toEqual([]);
    expect(events.map((event) => event.idempotency_key).sort()).toEqual(
      sentTransfers.map((sent) => sent.key).sort(),
    );

    // Every payout the client saw accepted is one payout, sent to the bank once.
    const rows = await query<{ id: string; idempotency_key: string }>(
      lb,
      'SELECT id, idempotency_key FROM payouts WHERE user_id = ANY($1::uuid[])',
      [payers.map((payer) => payer.user.id)],
    );
    expect(rows.map((row) => row.idempotency_key).sort()).toEqual(
      sentPayouts.map((sent) => sent.key).sort(),
    );
    expect(rows.map((row) => row.id).sort()).toEqual(sentPayouts.map((sent) => sent.id).sort());
    for (const row of rows) {
      await payoutReaches(lb, row.id, ['processed', 'failed', 'reversed'], 60_000);
      expect(await railTransfers(lb, row.id)).toBe(1);
    }
    expect(await ledgerViolations(lb)).toEqual([]);

    const retried = [...sentTransfers, ...sentPayouts].filter((sent) => sent.failedTries > 0);
    process.stdout.write(
      `balancer: ${sentTransfers.length} transfers and ${sentPayouts.length} payouts through ` +
        `HAProxy; ${retried.length} seen to fail and sent again with the same key\n`,
    );
  }, 120_000);

  it('drains a process through the runtime API: it takes no new requests until ready again', async () => {
    expect(await haproxyCommand(socket, 'set server api/api2 state maint')).toBe('');
    expect((await serverStates(statsPort)).api2).toBe('MAINT');
    const answeredBy = async () =>
      Object.fromEntries(
        Object.entries(await serverStats(statsPort)).map(([name, row]) => [name, row.hrsp_2xx]),
      );
    const before = await answeredBy();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(`${lb.url}/api/health`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await answeredBy();
    expect(Number(after.api1) - Number(before.api1)).toBe(6);
    expect(after.api2).toBe(before.api2);
    await haproxyCommand(socket, 'set server api/api2 state ready');
    await serverReaches(statsPort, 'api2', 'UP');
  });
});

function pay(payee: SavedBeneficiary, amount: number) {
  return {
    amount,
    beneficiaryName: payee.name,
    beneficiaryAccountNumber: payee.accountNumber,
    beneficiaryIfscCode: payee.ifsc,
    paymentMode: 'IMPS',
  };
}
