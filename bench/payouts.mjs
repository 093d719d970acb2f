// `npm run bench:payouts`: payouts per second from request to processed, through the HTTP API,
// the outbox relay, BullMQ, worker processes and the sandbox rail at zero latency, and the time
// from the request to the socket event that says `processed`. Each virtual user sends a payout,
// waits for its `transaction.updated` (processed) on its own socket, then sends the next: the
// load is closed, so the figures are a throughput and the latency at that throughput. It runs
// with 1 and 4 worker processes behind one API process, measures the same-run baseline (the
// minimal SQL for one transfer, 32 connections), prints the ratio, checks that every payout
// ended processed exactly once and that the ledger verifies, counts the commits per payout
// (pg_stat_database's xact_commit over the scenario: every statement outside a transaction is a
// commit of its own) and the CPU per payout of the API and workers and of Postgres's backends,
// checks the issue's targets (met / missed), and writes
// bench/results/payouts-<ISO time>.json. Its databases and Redis keys are removed at the end.
//
// Environment: BENCH_SECONDS (measured seconds per scenario, 10), BENCH_WARMUP_SECONDS (2),
// BENCH_PAYOUT_WORKERS (worker processes per scenario, 1,4), BENCH_USERS (virtual users, 32),
// BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { migrate } from '../apps/api/dist/database/data-source.js';
import { verifyLedger } from '../libs/ledger/dist/index.js';
import {
  adminQuery,
  benchServers,
  baselineTransfer,
  cleanup,
  createBaselineTables,
  deleteRedisKeys,
  expectOk,
  forEachLimit,
  interruption,
  isSuccess,
  listFrom,
  newPool,
  numberFrom,
  onCleanup,
  percentile,
  post,
  round,
  startApiProcess,
  stopWhenInterrupted,
  warmConnections,
  writeResult,
} from './support.mjs';

const config = {
  seconds: numberFrom('BENCH_SECONDS', 10),
  warmupSeconds: numberFrom('BENCH_WARMUP_SECONDS', 2),
  workerProcesses: listFrom('BENCH_PAYOUT_WORKERS', [1, 4]),
  users: numberFrom('BENCH_USERS', 32),
  ...benchServers(),
};

/**
 * Issue 32's targets, with 4 workers: payouts/s over the baseline, p99 request to socket, commits
 * and CPU (API, workers and Postgres together) per payout.
 */
const TARGET_RATIO = 0.15;
const TARGET_P99_MS = 500;
const TARGET_COMMITS_PER_PAYOUT = 5;
const TARGET_CPU_MS_PER_PAYOUT = 4;
/** Linux reports process CPU time in ticks of 1/100 s (getconf CLK_TCK). */
const MS_PER_TICK = 10;
const BASELINE_WORKERS = 32;
const BASELINE_ACCOUNTS = 1000;
const USER_PASSWORD = 'bench-password';
const USER_PIN = '1357';
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Set-up calls go over their own agent (the measured one keeps its sockets warm). */
const agentForSetup = new http.Agent({ keepAlive: false });
/** A payout that has not reached the socket this long after its request counts as lost. */
const LOST_AFTER_MS = 30_000;

async function main() {
  const startedAt = new Date();
  const cores = os.cpus().length;
  const loadStart = os.loadavg();
  console.log(
    `\nbench:payouts  ${startedAt.toISOString()}  ${cores} cores  Node ${process.version}\n` +
      `load average at start: ${loadStart.map((load) => load.toFixed(2)).join(' ')}` +
      (loadStart[0] > cores * 0.5 ? '  — other processes are busy: figures will read low' : '') +
      `\n${config.users} virtual users; ${config.warmupSeconds} s warm-up + ${config.seconds} s ` +
      `measured per scenario; worker processes ${config.workerProcesses.join(', ')}\n`,
  );

  const database = `khata_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${config.postgresUrl}/${database}`;
  await adminQuery(config.postgresUrl, `CREATE DATABASE "${database}"`);
  onCleanup(() =>
    adminQuery(config.postgresUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  );
  await migrate(databaseUrl);

  const baseline = await measureBaseline(databaseUrl);
  console.log(
    `baseline: minimal SQL transfer, ${BASELINE_WORKERS} connections: ` +
      `${baseline.opsPerSecond} transfers/s (p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms)\n`,
  );

  const redisPrefix = `khata-bench-${randomBytes(4).toString('hex')}`;
  onCleanup(() => deleteRedisKeys(config.redisUrl, redisPrefix));
  const stateDir = mkdtempSync(join(os.tmpdir(), 'khata-bench-payouts-'));
  onCleanup(() => rmSync(stateDir, { recursive: true, force: true }));
  const admin = { mobile: '9800000001', password: 'bench-admin-password', pin: '2468' };
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: redisPrefix,
    ADMIN_MOBILE: admin.mobile,
    ADMIN_PASSWORD: admin.password,
    ADMIN_PIN: admin.pin,
    RAIL_ADAPTER: 'sandbox',
    RAIL_SANDBOX_LATENCY_MS: '0',
    // One state folder for the API and every worker: the same generated secrets. With a folder
    // each, a worker could not unseal the account number the API sealed (issue 31's data at
    // rest: "unable to authenticate data"), and every payout stayed processing (session 23).
    KHATA_STATE_DIR: stateDir,
  };
  const api = await startApiProcess({ role: 'api', env });
  onCleanup(() => api.stop());
  const agent = new http.Agent({ keepAlive: true, maxSockets: config.users + 4 });
  onCleanup(() => agent.destroy());
  onCleanup(() => agentForSetup.destroy());
  const users = await prepareUsers(api.port, agent, admin);
  const sockets = await connectSockets(api.port, users);
  onCleanup(() => sockets.forEach((socket) => socket.close()));

  const results = [];
  for (const workerCount of config.workerProcesses) {
    stopWhenInterrupted();
    const workers = await Promise.all(
      Array.from({ length: workerCount }, () => startApiProcess({ role: 'worker', env })),
    );
    try {
      const before = await databaseWork(databaseUrl);
      const pids = [api.pid, ...workers.map((worker) => worker.pid)];
      const cpuBefore = cpuTicks(pids, database);
      const row = await measurePayouts(api.port, agent, users, workerCount);
      const cpuAfter = cpuTicks(pids, database);
      const after = await databaseWork(databaseUrl);
      // CPU per payout over the whole scenario (warm-up included, like the commits): robust to
      // other load on the machine, unlike the rate.
      const counted = Math.max(1, after.payouts - before.payouts);
      row.cpuMsPerPayout = {
        node: round(((cpuAfter.node - cpuBefore.node) * MS_PER_TICK) / counted, 2),
        postgres: round(((cpuAfter.postgres - cpuBefore.postgres) * MS_PER_TICK) / counted, 2),
      };
      // Every statement outside a transaction block commits on its own: commits per payout
      // is how many round trips to Postgres a payout costs, all processes together.
      row.commitsPerPayout = round((after.commits - before.commits) / counted, 1);
      row.ratioToBaseline = round(row.payoutsPerSecond / baseline.opsPerSecond, 3);
      results.push(row);
      printRow(row);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  }

  const check = await checkOutcome(databaseUrl);
  console.log(
    `\nafter the runs: ${check.payouts} payouts, ${JSON.stringify(check.byStatus)}; ` +
      `the ledger ${check.ledgerOk ? 'verifies' : `has ${check.violations.length} violations`}`,
  );
  const targets = checkTargets(results);
  console.log(`\ntargets:`);
  for (const target of targets) {
    console.log(
      `  ${target.name.padEnd(44)} ${String(target.value).padStart(10)}  ${target.goal.padEnd(9)} ${target.met ? 'met' : 'MISSED'}`,
    );
  }
  const loadEnd = os.loadavg();
  console.log(`\nload average at end: ${loadEnd.map((load) => load.toFixed(2)).join(' ')}`);
  const file = writeResult('payouts', {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cores, cpu: os.cpus()[0]?.model, node: process.version, loadStart, loadEnd },
    config,
    baseline,
    results,
    check,
    targets,
  });
  console.log(`wrote ${file}`);
  if (!check.ledgerOk || check.unfinished > 0) process.exitCode = 1;
}

// ---------------------------------------------------------------------------------------------
// The baseline

async function measureBaseline(databaseUrl) {
  const pool = newPool(databaseUrl, BASELINE_WORKERS);
  try {
    await createBaselineTables(pool, BASELINE_ACCOUNTS, 1_000_000_000_000);
    await warmConnections(pool, BASELINE_WORKERS);
    return await closedLoop(BASELINE_WORKERS, () => async () => {
      const from = 1 + Math.floor(Math.random() * BASELINE_ACCOUNTS);
      let to = 1 + Math.floor(Math.random() * (BASELINE_ACCOUNTS - 1));
      if (to >= from) to += 1;
      const amount = 1 + Math.floor(Math.random() * 10_000);
      await baselineTransfer(pool, [
        [from, -amount],
        [to, amount],
      ]);
    });
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Setup through the API

async function prepareUsers(port, agent, admin) {
  const call = (path, body, headers) => post(agent, port, path, body, headers);
  const login = async (mobile, password) =>
    expectOk(await call('/api/auth/login', { mobile, password }), `login ${mobile}`).json.token;
  const adminAuth = { authorization: `Bearer ${await login(admin.mobile, admin.password)}` };
  const users = Array.from({ length: config.users }, (_, i) => ({
    mobile: `97${String(i).padStart(8, '0')}`,
    // Ends in 999: the sandbox rail pays it (its rules go by the last three digits).
    account: `5${String(i).padStart(8, '0')}999`,
    ifsc: 'HDFC0000001',
  }));
  await forEachLimit(users, 4, async (user) => {
    expectOk(
      await call(
        '/api/admin/register-user',
        {
          name: `Bench ${user.mobile}`,
          mobile: user.mobile,
          password: USER_PASSWORD,
          pin: USER_PIN,
          role: 'khataEmployee2',
        },
        adminAuth,
      ),
      `register ${user.mobile}`,
    );
    // At most ADMIN_APPROVAL_THRESHOLD (₹1,00,000 by default): above it a credit waits for a
    // second admin (202) and moves nothing, and every payout was refused "Insufficient balance"
    // (session 23). ₹1,00,000 pays about 850 payouts of the benchmark's ₹100-odd and ₹15 fee.
    const credit = expectOk(
      await call(
        '/api/admin/creditWallet',
        { mobile: user.mobile, amount: 100_000, remark: 'bench funds' },
        { ...adminAuth, pin: admin.pin, 'idempotency-key': randomUUID() },
      ),
      `creditWallet ${user.mobile}`,
    );
    if (credit.status !== 200) {
      throw new Error(`creditWallet ${user.mobile} answered ${credit.status}: ${credit.text}`);
    }
    user.token = await login(user.mobile, USER_PASSWORD);
    user.auth = { authorization: `Bearer ${user.token}` };
    await approveKyc(port, user, adminAuth, admin.pin);
    expectOk(
      await call(
        '/api/user/createBeneficiary',
        {
          AccountNo: user.account,
          IfscCode: user.ifsc,
          name: `Payee ${user.mobile}`,
          bankName: 'HDFC Bank',
        },
        user.auth,
      ),
      `createBeneficiary ${user.mobile}`,
    );
  });
  return users;
}

/** Payouts wait for an approved KYC (issue 12): the user sends one, the admin approves it. */
async function approveKyc(port, user, adminAuth, adminPin) {
  const form = new FormData();
  form.set('pan', 'ABCDE1234F');
  form.set('aadhaarLast4', '1234');
  form.set('shopPhoto', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'shop.png');
  const sent = await fetch(`http://127.0.0.1:${port}/api/user/kyc`, {
    method: 'POST',
    headers: user.auth,
    body: form,
  });
  if (!sent.ok) throw new Error(`kyc ${user.mobile} answered ${sent.status}: ${await sent.text()}`);
  const queue = expectOk(
    await post(
      agentForSetup,
      port,
      '/api/admin/kycQueue',
      { state: 'submitted', pageSize: 100 },
      adminAuth,
    ),
    `kycQueue ${user.mobile}`,
  ).json.data;
  const submission = queue.find((entry) => entry.user.mobile === user.mobile);
  if (!submission) throw new Error(`no waiting KYC of ${user.mobile}`);
  expectOk(
    await post(
      agentForSetup,
      port,
      '/api/admin/kycDecision',
      { id: submission._id, action: 'approve' },
      { ...adminAuth, pin: adminPin },
    ),
    `kycDecision ${user.mobile}`,
  );
}

/** One socket per user; each resolves the waiter of a payout when it reads `processed`. */
async function connectSockets(port, users) {
  return Promise.all(
    users.map(
      (user) =>
        new Promise((resolveSocket, reject) => {
          user.finished = new Map();
          user.waiting = new Map();
          const socket = io(`http://127.0.0.1:${port}`, {
            path: '/socket.io',
            auth: { token: user.token },
            transports: ['websocket'],
            reconnection: false,
          });
          socket.on('transaction.updated', (record) => {
            if (!['processed', 'reversed', 'failed'].includes(record?.status)) return;
            const at = performance.now();
            const waiter = user.waiting.get(record._id);
            if (waiter) waiter({ at, status: record.status });
            else user.finished.set(record._id, { at, status: record.status });
          });
          socket.once('connect', () => resolveSocket(socket));
          socket.once('connect_error', (error) =>
            reject(new Error(`socket of ${user.mobile}: ${error.message}`)),
          );
        }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Measuring

let sequence = 0;

async function measurePayouts(port, agent, users, workerCount) {
  const payout = (user) => async () => {
    sequence += 1;
    // A different amount each time: the same amount to the same account within 20 minutes
    // would ask for confirmation (spec §5).
    const amount = (100 + sequence / 100).toFixed(2);
    const answer = await post(
      agent,
      port,
      '/api/payment/bankTransfer',
      {
        amount,
        beneficiaryName: `Payee ${user.mobile}`,
        beneficiaryAccountNumber: user.account,
        beneficiaryIfscCode: user.ifsc,
        paymentMode: 'IMPS',
      },
      { ...user.auth, pin: USER_PIN, 'idempotency-key': randomUUID() },
    );
    if (!isSuccess(answer)) {
      throw new Error(`${answer.status} ${answer.json?.message ?? answer.text.slice(0, 100)}`);
    }
    const id = answer.json.transactionRecord._id;
    const outcome =
      user.finished.get(id) ??
      (await new Promise((resolveOutcome, reject) => {
        const timer = setTimeout(() => {
          user.waiting.delete(id);
          reject(new Error(`no processed event within ${LOST_AFTER_MS} ms`));
        }, LOST_AFTER_MS);
        user.waiting.set(id, (event) => {
          clearTimeout(timer);
          user.waiting.delete(id);
          resolveOutcome(event);
        });
      }));
    user.finished.delete(id);
    if (outcome.status !== 'processed') throw new Error(`payout ended ${outcome.status}`);
    return outcome.at;
  };
  const measured = await closedLoop(users.length, (index) => payout(users[index]));
  return {
    scenario: `payouts, ${workerCount} worker process${workerCount === 1 ? '' : 'es'}`,
    workerProcesses: workerCount,
    users: users.length,
    payouts: measured.operations,
    payoutsPerSecond: measured.opsPerSecond,
    p50Ms: measured.p50Ms,
    p99Ms: measured.p99Ms,
    maxMs: measured.maxMs,
    errors: measured.errors,
    errorSamples: measured.errorSamples,
  };
}

/**
 * `lanes` loops of an operation for the warm-up plus the measured seconds. An operation counts
 * when it ends inside the measured window (at the time it returns, or `performance.now()`).
 */
async function closedLoop(lanes, makeOperation) {
  const start = performance.now();
  const from = start + config.warmupSeconds * 1000;
  const until = from + config.seconds * 1000;
  const latencies = [];
  const errors = new Map();
  await Promise.all(
    Array.from({ length: lanes }, async (_, index) => {
      const operation = makeOperation(index);
      while (performance.now() < until && !interruption.interrupted) {
        const began = performance.now();
        let ended;
        try {
          ended = (await operation()) ?? performance.now();
        } catch (error) {
          const message = String(error?.message ?? error).slice(0, 200);
          errors.set(message, (errors.get(message) ?? 0) + 1);
          continue;
        }
        if (ended >= from && ended <= until) latencies.push(ended - began);
      }
    }),
  );
  const sorted = Float64Array.from(latencies).sort();
  return {
    operations: sorted.length,
    opsPerSecond: round(sorted.length / config.seconds, 1),
    p50Ms: round(percentile(sorted, 0.5), 1),
    p99Ms: round(percentile(sorted, 0.99), 1),
    maxMs: round(sorted.length ? sorted[sorted.length - 1] : NaN, 1),
    errors: [...errors.values()].reduce((sum, count) => sum + count, 0),
    errorSamples: Object.fromEntries([...errors.entries()].slice(0, 5)),
  };
}

/**
 * CPU ticks so far of the API and worker processes, and of the Postgres backends serving the
 * bench database (found by the database name in their process title; the server's own
 * background writers and other databases' backends are not counted). Linux only; zeros elsewhere.
 */
function cpuTicks(pids, database) {
  const ticks = { node: 0, postgres: 0 };
  try {
    for (const pid of pids) ticks.node += processTicks(pid);
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database)) continue;
        ticks.postgres += processTicks(pid);
      } catch {
        // The process ended while we looked.
      }
    }
  } catch {
    // Not Linux.
  }
  return ticks;
}

function processTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Payouts written and transactions committed in the bench database so far. */
async function databaseWork(databaseUrl) {
  // Postgres publishes its counters about once a second.
  await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
  const pool = newPool(databaseUrl, 1);
  try {
    const { rows } = await pool.query(
      `SELECT (SELECT count(*) FROM payouts)::int AS payouts,
              (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::int AS commits`,
    );
    return rows[0];
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// After the runs

/** Every payout ended in one terminal state, and the ledger's invariants hold. */
async function checkOutcome(databaseUrl) {
  const pool = newPool(databaseUrl, 2);
  try {
    // Payouts still in flight when the last scenario stopped get a moment to finish.
    const deadline = Date.now() + 20_000;
    let byStatus;
    for (;;) {
      const { rows } = await pool.query(
        'SELECT status, count(*)::int AS count FROM payouts GROUP BY status',
      );
      byStatus = Object.fromEntries(rows.map((row) => [row.status, row.count]));
      const open = (byStatus.queued ?? 0) + (byStatus.processing ?? 0);
      if (!open || Date.now() > deadline) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    }
    const verified = await verifyLedger(pool);
    return {
      payouts: Object.values(byStatus).reduce((sum, count) => sum + count, 0),
      byStatus,
      unfinished: (byStatus.queued ?? 0) + (byStatus.processing ?? 0),
      ledgerOk: verified.ok,
      violations: verified.violations.slice(0, 10),
    };
  } finally {
    await pool.end();
  }
}

function printRow(row) {
  console.log(
    `${row.scenario.padEnd(34)} ${String(row.payoutsPerSecond).padStart(8)} payouts/s  ` +
      `${row.ratioToBaseline.toFixed(3)}× baseline   request→socket p50 ${row.p50Ms} ms, ` +
      `p99 ${row.p99Ms} ms, max ${row.maxMs} ms   ${row.commitsPerPayout} commits/payout   ` +
      `CPU/payout node ${row.cpuMsPerPayout.node} ms, postgres ${row.cpuMsPerPayout.postgres} ms   ` +
      `errors ${row.errors}` +
      (row.errors ? `  ${JSON.stringify(row.errorSamples)}` : ''),
  );
}

function checkTargets(results) {
  const four = results.find((row) => row.workerProcesses === 4) ?? results.at(-1);
  if (!four) return [];
  const cpu = round(four.cpuMsPerPayout.node + four.cpuMsPerPayout.postgres, 2);
  return [
    {
      name: `payouts/s vs baseline (${four.workerProcesses} workers)`,
      value: four.ratioToBaseline,
      goal: `≥ ${TARGET_RATIO}×`,
      met: four.ratioToBaseline >= TARGET_RATIO,
    },
    {
      name: `p99 request → socket (${four.workerProcesses} workers)`,
      value: `${four.p99Ms} ms`,
      goal: `< ${TARGET_P99_MS} ms`,
      met: four.p99Ms < TARGET_P99_MS,
    },
    {
      name: `commits per payout (${four.workerProcesses} workers)`,
      value: four.commitsPerPayout,
      goal: `≤ ${TARGET_COMMITS_PER_PAYOUT}`,
      met: four.commitsPerPayout <= TARGET_COMMITS_PER_PAYOUT,
    },
    {
      name: `CPU per payout (${four.workerProcesses} workers)`,
      value: `${cpu} ms`,
      goal: `≤ ${TARGET_CPU_MS_PER_PAYOUT} ms`,
      met: cpu <= TARGET_CPU_MS_PER_PAYOUT,
    },
  ];
}

// Last, so every constant above is initialised when it runs.
try {
  await main();
} catch (error) {
  if (!interruption.interrupted) console.error(`\nbench:payouts failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
