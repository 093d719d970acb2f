import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BalanceUpdate, TransactionRecord } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { startApiChild, urlOf, type ApiChild } from '../support/api-processes.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

// Real API processes (the production entry points, in processes of their own) of one
// deployment: what `npm start` runs with KHATA_API_PROCESSES=2 and KHATA_WORKERS=1.

describe('two API processes of one deployment', () => {
  let api: TestApi;
  let a: ApiChild;
  let b: ApiChild;
  let onA: TestApi;
  let onB: TestApi;
  let admin: GivenUser;
  const clients = socketClients();

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    a = startApiChild(api, 'main', { KHATA_PROCESS: 'api' });
    b = startApiChild(api, 'main', { KHATA_PROCESS: 'api' });
    onA = { ...api, url: await urlOf(a) };
    onB = { ...api, url: await urlOf(b) };
  }, 120_000);
  afterAll(async () => {
    clients.closeAll();
    await Promise.all([a?.stop(), b?.stop()]);
    await api?.close();
  });

  const userData = (on: TestApi, token: string) =>
    call(`${on.url}/api/user/userData`, { body: {}, headers: bearer(token) });

  it('delivers to a socket on B the live update of a credit made through A', async () => {
    const user = await given(api).user();
    const listener = await clients.connect(onB, { token: await signIn(onA, user) });
    const answer = await call<{ transactionRecord: TransactionRecord }>(
      `${onA.url}/api/admin/creditWallet`,
      {
        body: { mobile: user.mobile, amount: '12.50', remark: 'float' },
        headers: {
          ...bearer(await signIn(onA, admin)),
          pin: admin.pin,
          'idempotency-key': randomUUID(),
        },
      },
    );
    expect(answer.status).toBe(200);
    const sent = await heard(
      listener,
      'transaction.updated',
      (record: TransactionRecord) => record._id === answer.body.transactionRecord._id,
    );
    expect(sent).toMatchObject({ type: 'walletCredit', amount: { amount: 12.5 } });
    expect(await heard<BalanceUpdate>(listener, 'balance.updated')).toMatchObject({
      balance: 12.5,
    });
  });

  it('refuses on B within a second a session logged out on A, which B held live in memory', async () => {
    const user = await given(api).user();
    const token = await signIn(onA, user);
    expect((await userData(onB, token)).status).toBe(200);
    expect((await userData(onB, token)).status).toBe(200);

    expect(
      (await call(`${onA.url}/api/auth/logout`, { body: {}, headers: bearer(token) })).status,
    ).toBe(200);
    await expectRefusedOnBWithinASecond(token);
  });

  it('refuses on B within a second the sessions ended by “log out all sessions” on A', async () => {
    const user = await given(api).user();
    const here = await signIn(onA, user);
    const elsewhere = await signIn(onA, user);
    expect((await userData(onB, elsewhere)).status).toBe(200);
    expect((await userData(onB, elsewhere)).status).toBe(200);

    const answer = await call(`${onA.url}/api/user/logoutAllSessions`, {
      body: {},
      headers: { ...bearer(here), pin: user.pin },
    });
    expect(answer.status).toBe(200);
    await expectRefusedOnBWithinASecond(elsewhere);
  });

  async function expectRefusedOnBWithinASecond(token: string): Promise<void> {
    const deadline = Date.now() + 1000;
    let answer = await userData(onB, token);
    while (answer.status === 200 && Date.now() < deadline) answer = await userData(onB, token);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(2211);
  }
});

const METRICS_TOKEN = 'cluster-metrics-token-0123';

describe('npm start’s supervisor (cluster.ts)', () => {
  let api: TestApi;
  let supervisor: ApiChild;
  let url: string;
  let pids: { api: number[]; worker: number };

  beforeAll(async () => {
    api = await startTestApi();
    await given(api).user();
    supervisor = startApiChild(api, 'cluster', {
      KHATA_API_PROCESSES: '2',
      KHATA_WORKERS: '1',
      METRICS_TOKEN,
    });
    url = await urlOf(supervisor);
    const [, first, second, worker] = await supervisor.waitFor(
      /Running 2 API processes on this port \((\d+), (\d+)\) and 1 worker process for background jobs \((\d+)\)/,
    );
    pids = { api: [Number(first), Number(second)], worker: Number(worker) };
  }, 120_000);
  afterAll(async () => {
    await supervisor?.stop('SIGKILL');
    await api?.close();
  });

  const health = async () => (await fetch(`${url}/api/health`)).status;
  const healthOnNewConnection = () =>
    new Promise<number>((done, failed) => {
      get(`${url}/api/health`, { agent: false }, (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      }).on('error', failed);
    });

  it('prints the welcome once, for every process it runs', () => {
    expect(supervisor.output().match(/Khata is running at/g)).toHaveLength(1);
    for (const pid of [...pids.api, pids.worker]) expect(running(pid)).toBe(true);
  });

  it('answers /metrics for every process of the cluster, summed, whichever process is asked', async () => {
    const healthCount = async () => {
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      // Every process answered the primary (the worker too), in time.
      expect(text).toContain('khata_scrape_errors{source="processes"} 0');
      const line =
        /^khata_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} (\d+)$/m.exec(
          text,
        );
      return Number(line?.[1] ?? 0);
    };
    const before = await healthCount();
    // A new connection each: the primary hands connections to the two API processes in turn.
    for (let i = 0; i < 10; i++) expect(await healthOnNewConnection()).toBe(200);
    expect(await healthCount()).toBe(before + 10);
  }, 60_000);

  it('starts another API process when one is killed, and the port serves throughout', async () => {
    const [killed] = pids.api;
    process.kill(killed!, 'SIGKILL');
    await supervisor.waitFor(
      new RegExp(`API process ${killed} exited \\(SIGKILL\\); starting another in 1 s\\.`),
    );
    expect(await health()).toBe(200);
    const [, replacement] = await supervisor.waitFor(
      new RegExp(`API process (\\d+) is running, in place of ${killed}\\.`),
    );
    expect(running(Number(replacement))).toBe(true);
    pids.api[0] = Number(replacement);
    expect(await health()).toBe(200);
  }, 90_000);

  it('starts another worker when the worker is killed', async () => {
    process.kill(pids.worker, 'SIGKILL');
    const [, replacement] = await supervisor.waitFor(
      new RegExp(`Worker process (\\d+) is running, in place of ${pids.worker}\\.`),
    );
    pids.worker = Number(replacement);
    expect(running(pids.worker)).toBe(true);
  }, 90_000);

  it('stops every process on SIGTERM and exits 0', async () => {
    expect(await supervisor.stop('SIGTERM')).toBe(0);
    expect(supervisor.output()).toContain('Khata stopped.');
    for (const pid of [...pids.api, pids.worker]) expect(running(pid)).toBe(false);
  }, 60_000);
});

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
