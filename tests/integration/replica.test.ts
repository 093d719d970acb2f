/**
 * The streaming replica (issue 29, docs/scaling.md "Which reads may lag", docs/operations.md
 * "A streaming replica"), on private Postgres servers (never the shared one): a primary, and a
 * hot standby of it made by `npm run db:replica`; the API pointed at both.
 *
 * - A report reads the replica: with replay paused, a wallet credit made on the primary is
 *   missing from the report (the replica has not replayed it) while the lag is within the bound;
 * - past REPLICA_MAX_LAG_MS the same report answers from the primary (the credit is there), the
 *   Database screen says so, and a write through the read handle is refused by the database;
 * - money moves while the replica is paused, and while it is not, and not one of those calls
 *   reads the replica (the replica pool is watched: only the lag check and reports use it);
 * - replay resumed, reads go back to the replica; stopped (`--stop`), reports still answer,
 *   from the primary.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DatabaseOverview } from '@khata/domain';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrate } from '../../apps/api/src/database/data-source.js';
import { LaggingReads } from '../../apps/api/src/database/lagging-reads.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  freePort,
  giveToServerUser,
  initPrivatePostgres,
  type PrivatePostgres,
} from '../support/private-postgres.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

const exec = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');
const MAX_LAG_MS = 4000;
const METRICS_TOKEN = 'replica-test-metrics-token';

async function replicaScript(args: string[], databaseUrl: string): Promise<string> {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      [join(repoRoot, 'scripts/db-replica.mjs'), ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl } },
    );
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(
      `db-replica.mjs ${args.join(' ')} failed:\n${failed.stdout}\n${failed.stderr}`,
      {
        cause: error,
      },
    );
  }
}

interface ReportAnswer {
  data: { _id: string; amount: { amount: number } }[];
  total: number;
}

describe('a streaming replica for the reads that may lag', () => {
  let root: string;
  let primary: PrivatePostgres;
  let replicaPort: number;
  let replicaDir: string;
  let replicaAdmin: pg.Client;
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let shop: GivenUser;
  let shopToken: string;
  let payee: GivenUser;
  /** What the run measured, printed at the end (under the machine's load of the moment). */
  const figures: Record<string, unknown> = {};
  /** Statements the API sent to the replica (the lag check's own left out), newest last. */
  const onReplica: string[] = [];

  const money = (token: string, pin: string) => ({
    ...bearer(token),
    pin,
    'idempotency-key': randomUUID(),
  });
  const creditShop = async (amount: number) => {
    const answer = await call(`${api.url}/api/admin/creditWallet`, {
      body: { mobile: shop.mobile, amount, remark: 'float' },
      headers: money(adminToken, admin.pin),
    });
    expect(answer.status).toBe(200);
  };
  const shopCredits = async () => {
    const answer = await call<ReportAnswer>(`${api.url}/api/reports/transactions`, {
      body: { pageSize: 100, userId: shop.id },
      headers: bearer(adminToken),
    });
    expect(answer.status).toBe(200);
    return answer.body.data.map((row) => row.amount.amount).sort((a, b) => a - b);
  };
  /** The credits on the shop's day book for today (India's day), in rupees. */
  const dayBookCredits = async () => {
    const answer = await call<{ lines: { credit: number }[] }>(`${api.url}/api/user/dayBook`, {
      body: { dayAgo: 0, userId: shop.id },
      headers: bearer(adminToken),
    });
    expect(answer.status).toBe(200);
    return answer.body.lines.map((line) => line.credit).filter((credit) => credit > 0);
  };
  const balanceOfShop = async () => {
    const answer = await call<{ balance: number }>(`${api.url}/api/user/checkBalance`, {
      body: {},
      headers: bearer(shopToken),
    });
    expect(answer.status).toBe(200);
    return answer.body.balance;
  };
  const replicaLag = async () => {
    const answer = await call<DatabaseOverview>(`${api.url}/api/admin/database`, {
      body: {},
      headers: bearer(adminToken),
    });
    expect(answer.status).toBe(200);
    return answer.body.replica;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'khata-replica-'));
    giveToServerUser(root);
    primary = await initPrivatePostgres(join(root, 'primary'));
    await primary.start();
    const setup = new pg.Client({ connectionString: primary.url() });
    await setup.connect();
    await setup.query('CREATE DATABASE khata');
    await setup.end();
    await migrate(primary.url('khata'));

    replicaPort = await freePort();
    replicaDir = join(root, 'replica');
    const scriptStarted = Date.now();
    const made = await replicaScript(
      ['--port', String(replicaPort), '--data-dir', replicaDir, '--trust'],
      primary.url('khata'),
    );
    expect(made).toContain('slot khata_replica made on the primary');
    figures.made = /base backup into .* in ([\d.]+ s)/.exec(made)?.[1];
    figures.scriptSeconds = (Date.now() - scriptStarted) / 1000;
    expect(made).toContain(
      `DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:${replicaPort}/khata`,
    );
    // Run again: the standby is there and running; nothing is made twice.
    const again = await replicaScript(
      ['--port', String(replicaPort), '--data-dir', replicaDir, '--trust'],
      primary.url('khata'),
    );
    expect(again).not.toContain('made on the primary');
    expect(again).toContain('a hot standby of the primary runs');

    replicaAdmin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    });
    // Stopping the replica at the end ends this session: expected, not the test's failure.
    replicaAdmin.on('error', () => undefined);
    await replicaAdmin.connect();
    api = await startTestApi({
      DATABASE_URL: primary.url('khata'),
      DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${replicaPort}/khata`,
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      METRICS_TOKEN: METRICS_TOKEN,
    });
    // Watch the replica pool: every statement and connection the API takes from it.
    const pool = (api.app.get(LaggingReads) as unknown as { replica: pg.Pool }).replica;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const sql = String(args[0]);
      if (!sql.includes('pg_is_in_recovery')) onReplica.push(sql);
      return query(...args);
    };
    (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
      // pool.query takes a connection with a callback; a snapshot or an export without one.
      if (args.length === 0) onReplica.push('a connection (snapshot or export)');
      return connect(...args);
    };

    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    shop = await given(api).user();
    shopToken = await signIn(api, shop);
    payee = await given(api).user();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await replicaAdmin?.end().catch(() => undefined);
    if (replicaDir) {
      const stopped = await replicaScript(
        ['--stop', '--drop-slot', '--data-dir', replicaDir],
        primary.url('khata'),
      ).catch((error: Error) => error.message);
      expect(stopped).toContain('slot khata_replica dropped on the primary');
    }
    await primary?.kill();
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('reads reports from the replica, from the primary past the bound, and never money', async () => {
    // Caught up: the credit reaches the report once the read model and the replica have it.
    await creditShop(100);
    await eventually(async () => ((await shopCredits()).includes(100) ? true : undefined));
    const caughtUp = await eventually(async () => {
      const lag = await replicaLag();
      return lag.lagBytes === 0 && !lag.readsFromPrimary ? lag : undefined;
    });
    expect(caughtUp).toMatchObject({
      configured: true,
      reachable: true,
      lagMs: 0,
      maxLagMs: MAX_LAG_MS,
      reason: null,
    });
    // A report now takes its snapshot on the replica, and the handle's session is the standby's.
    let before = onReplica.length;
    expect(await shopCredits()).toContain(100);
    expect(onReplica.length).toBeGreaterThan(before);
    const reads = api.app.get(LaggingReads);
    const inRecovery = async () =>
      (await reads.read<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows[0]!
        .standby;
    expect(await inRecovery()).toBe(true);

    // Money while the replica is in use: not one statement on it.
    before = onReplica.length;
    const sent = await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: payee.mobile, amount: 10, remark: 'stock' },
      headers: money(shopToken, shop.pin),
    });
    expect(sent.status).toBe(200);
    expect(await balanceOfShop()).toBe(90);
    expect(onReplica.slice(before)).toEqual([]);

    // Paused: the replica keeps what it had. A new credit is on the primary only.
    await eventually(async () => ((await shopCredits()).includes(10) ? true : undefined));
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    await creditShop(7);
    const paused = Date.now();
    const fromReplica = await shopCredits();
    const dayBookFromReplica = await dayBookCredits();
    const lagThen = await replicaLag();
    figures.reportAfterPauseMs = Date.now() - paused;
    figures.checkedOnReplicaWhilePaused = Date.now() - paused < MAX_LAG_MS;
    if (figures.checkedOnReplicaWhilePaused) {
      // Within the bound: the report came from the replica, which lacks the credit.
      expect(lagThen.readsFromPrimary).toBe(false);
      expect(fromReplica).not.toContain(7);
      expect(dayBookFromReplica).not.toContain(7);
    }

    // Past the bound: the same report answers from the primary, with the credit.
    const fallback = await eventually(async () => {
      const lag = await replicaLag();
      return lag.readsFromPrimary ? lag : undefined;
    }, 20_000);
    expect(fallback.reason).toMatch(/past 4000 ms/);
    expect(fallback.lagMs).toBeGreaterThan(MAX_LAG_MS);
    expect(fallback.lagBytes).toBeGreaterThan(0);
    expect(await inRecovery()).toBe(false);
    figures.fallbackAfterPauseMs = Date.now() - paused;
    figures.lagAtFallback = { bytes: fallback.lagBytes, ms: fallback.lagMs };
    const metrics = await fetch(`${api.url}/metrics`, { headers: bearer(METRICS_TOKEN) });
    expect(await metrics.text()).toMatch(/^khata_replica_reads_from_primary 1$/m);
    await eventually(async () => ((await shopCredits()).includes(7) ? true : undefined));
    expect(await dayBookCredits()).toContain(7);
    const stats = await call(`${api.url}/api/admin/monthlyStats`, {
      body: { month: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7) },
      headers: bearer(adminToken),
    });
    expect(stats.status).toBe(200);
    const points = await call<{ total?: number }>(`${api.url}/api/admin/mapPoints`, {
      body: {},
      headers: bearer(adminToken),
    });
    expect(points.status).toBe(200);
    expect((await replicaLag()).fallbackReads).toBeGreaterThan(0);

    // Money while the replica is paused: it works, on the primary, and the replica is not read.
    before = onReplica.length;
    const balance = await balanceOfShop();
    const paid = await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: payee.mobile, amount: 5, remark: 'stock' },
      headers: money(shopToken, shop.pin),
    });
    expect(paid.status).toBe(200);
    // Read right after the write: the balance has the payment in it.
    expect(balance).toBe(97);
    expect(await balanceOfShop()).toBe(92);
    expect(onReplica.slice(before)).toEqual([]);

    // The read handle cannot write, on the primary it falls back to either.
    await expect(reads.read('CREATE TABLE replica_probe (id int)')).rejects.toMatchObject({
      code: '25006',
    });

    // Resumed: caught up, reads go back to the replica; it still refuses a write.
    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    await eventually(
      async () => ((await replicaLag()).readsFromPrimary ? undefined : true),
      20_000,
    );
    before = onReplica.length;
    expect(await shopCredits()).toContain(7);
    expect(onReplica.length).toBeGreaterThan(before);
    await expect(reads.read('CREATE TABLE replica_probe (id int)')).rejects.toMatchObject({
      code: '25006',
    });

    // The replica stopped: reports answer all the same (a read that fails on it is answered by
    // the primary), and the screen says it does not answer.
    await replicaScript(['--stop', '--data-dir', replicaDir], primary.url('khata'));
    expect(await shopCredits()).toContain(7);
    const gone = await eventually(async () => {
      const lag = await replicaLag();
      return lag.reachable === false ? lag : undefined;
    });
    expect(gone).toMatchObject({
      readsFromPrimary: true,
      reason: expect.stringMatching(/^unreachable/),
    });
    expect(await shopCredits()).toContain(7);
    console.log(`replica test: ${JSON.stringify(figures)}`);
  }, 90_000);
});
