// `npm run bench:balancer` (issue 29): wallet transfers per second and their p99 through HAProxy
// (docker/haproxy/haproxy.cfg) in front of one and of two API processes of the built API, in one
// run, with two same-run references: the minimal SQL for a transfer (the baseline of the other
// benchmarks) and one API process called directly, without the balancer. It prints a table, the
// two-to-one ratio and the balancer's cost, and writes bench/results/balancer-<ISO time>.json.
//
// Two API processes (KHATA_PROCESS=api) and a job worker start once; "1 API process" is HAProxy with the second
// one in maintenance (`set server api/api2 state maint`, the drain procedure of
// docs/operations.md), "2 API processes" with both ready. It works in a database of its own
// (khata_bench_<random>), dropped at the end, also when it fails.
//
// Environment: BENCH_SECONDS (measured seconds per scenario, 5), BENCH_WARMUP_SECONDS (1),
// BENCH_ROUNDS (each scenario once a round, the rounds pooled: 2),
// BENCH_WORKERS (concurrent clients, each its own sender: 16), BENCH_HTTP_RECIPIENTS (100),
// BENCH_POSTGRES_URL, BENCH_REDIS_URL (bench/support.mjs).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  haproxyCommand,
  haproxyInstalled,
  serverReaches,
  startHaproxy,
} from '../scripts/lib/haproxy.mjs';
import {
  adminQuery,
  baselineTransfer,
  benchServers,
  cleanup,
  createBaselineTables,
  deleteRedisKeys,
  interruption,
  isSuccess,
  newPool,
  numberFrom,
  onCleanup,
  percentile,
  round,
  startApiProcess,
  stopWhenInterrupted,
  warmConnections,
  writeResult,
} from './support.mjs';
import { prepareHttp, sendOne } from './wallet-http.mjs';

const config = {
  seconds: numberFrom('BENCH_SECONDS', 5),
  warmupSeconds: numberFrom('BENCH_WARMUP_SECONDS', 1),
  workers: numberFrom('BENCH_WORKERS', 16),
  rounds: numberFrom('BENCH_ROUNDS', 2),
  recipients: numberFrom('BENCH_HTTP_RECIPIENTS', 100),
  ...benchServers(),
};
const BASELINE_ACCOUNTS = 1000;
const FUNDS = 1_000_000_000_000;

async function main() {
  if (!haproxyInstalled()) {
    throw new Error('haproxy is not installed: `apt-get install -y haproxy` (Debian).');
  }
  const startedAt = new Date();
  const loadStart = os.loadavg();
  const cores = os.cpus().length;
  console.log(
    `\nbench:balancer  ${startedAt.toISOString()}  ${cores} cores  Node ${process.version}\n` +
      `load average at start: ${loadStart.map((load) => load.toFixed(2)).join(' ')} (1, 5, 15 min)` +
      (loadStart[0] > cores * 0.5 ? `  — other processes are busy: figures will read low` : '') +
      `\n${config.warmupSeconds} s warm-up + ${config.seconds} s measured per scenario; ` +
      `${config.workers} concurrent clients`,
  );

  const database = `khata_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${config.postgresUrl}/${database}`;
  await adminQuery(config.postgresUrl, `CREATE DATABASE "${database}"`);
  onCleanup(() =>
    adminQuery(config.postgresUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  );
  const redisPrefix = `khata-bench-${randomBytes(4).toString('hex')}`;
  onCleanup(() => deleteRedisKeys(config.redisUrl, redisPrefix));
  const stateDir = mkdtempSync(join(os.tmpdir(), 'khata-bench-lb-'));
  onCleanup(() => rmSync(stateDir, { recursive: true, force: true }));

  // The API processes: the first alone (it migrates and seeds the admin), then the second.
  const start = (role = 'api') =>
    startApiProcess({
      role,
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: config.redisUrl,
        REDIS_PREFIX: redisPrefix,
        ADMIN_MOBILE: '9800000001',
        ADMIN_PASSWORD: 'bench-admin-password',
        ADMIN_PIN: '2468',
        KHATA_STATE_DIR: stateDir,
      },
    });
  const first = await start();
  onCleanup(() => first.stop());
  const second = await start();
  onCleanup(() => second.stop());
  // A job worker: the wallet's read model (the balance a transfer checks) is projected by jobs.
  const worker = await start('worker');
  onCleanup(() => worker.stop());

  const [port, statsPort] = [await freePort(), await freePort()];
  const socket = join(stateDir, 'haproxy.sock');
  const haproxy = await startHaproxy({
    port,
    apiPorts: [first.port, second.port],
    statsPort,
    socket,
  });
  onCleanup(() => haproxy.stop());
  await serverReaches(statsPort, 'api1', 'UP');
  await serverReaches(statsPort, 'api2', 'UP');

  const prepared = await prepareHttp(port, {
    senders: config.workers,
    recipients: config.recipients,
  });
  if (prepared.status !== 'ok') throw new Error(`HTTP setup: ${prepared.reason}`);
  const pool = newPool(databaseUrl, config.workers);
  onCleanup(() => pool.end());
  await createBaselineTables(pool, BASELINE_ACCOUNTS, FUNDS);
  await warmConnections(pool, config.workers);

  const results = [];
  const report = (row) => {
    results.push(row);
    console.log(line(row));
  };
  console.log(`\n${line(HEADER)}`);
  const overHttp = (target) => () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: config.workers });
    return {
      agent,
      operation: (index) => async () => {
        const answer = await sendOne(target, prepared.senders[index], prepared.recipients, agent);
        if (!isSuccess(answer)) {
          throw new Error(`${answer.status} ${answer.json?.message ?? answer.text.slice(0, 100)}`);
        }
      },
    };
  };

  // Rounds, each scenario once a round and the rounds' figures pooled: a change in the
  // machine's load during the run touches every scenario alike.
  const baselineScenario = () => ({
    operation: () => () => {
      const [a, b] = twoAccounts();
      return baselineTransfer(pool, [
        [a, -100],
        [b, 100],
      ]);
    },
  });
  const scenarios = [
    { scenario: 'baseline (minimal SQL)', make: baselineScenario },
    { scenario: 'direct, 1 API process', make: overHttp(first.port) },
    { scenario: 'HAProxy, 1 API process', apiProcesses: 1, make: overHttp(port), maint: true },
    { scenario: 'HAProxy, 2 API processes', apiProcesses: 2, make: overHttp(port) },
  ];
  const runs = scenarios.map(() => []);
  for (let pass = 1; pass <= config.rounds; pass++) {
    for (const [index, { scenario, make, maint }] of scenarios.entries()) {
      stopWhenInterrupted();
      if (maint) {
        await haproxyCommand(socket, 'set server api/api2 state maint');
        await serverReaches(statsPort, 'api2', 'MAINT');
      }
      const measured = await measure(make);
      runs[index].push(measured);
      console.log(line({ scenario: `${scenario}, round ${pass}`, ...summary([measured]) }));
      if (maint) {
        await haproxyCommand(socket, 'set server api/api2 state ready');
        await serverReaches(statsPort, 'api2', 'UP');
      }
    }
  }
  console.log('all rounds:');
  for (const [index, { scenario, apiProcesses }] of scenarios.entries()) {
    report({ scenario, apiProcesses, ...summary(runs[index]) });
  }
  stopWhenInterrupted();

  const [baseline, direct, one, two] = results;
  const ratios = {
    twoToOne: round(two.opsPerSecond / one.opsPerSecond, 2),
    balancerToDirect: round(one.opsPerSecond / direct.opsPerSecond, 2),
    twoToBaseline: round(two.opsPerSecond / baseline.opsPerSecond, 2),
  };
  console.log(
    `\n2 API processes / 1 through HAProxy: ${ratios.twoToOne}×  ` +
      `(p99 ${two.p99Ms} ms vs ${one.p99Ms} ms)\n` +
      `HAProxy + 1 process / 1 process direct: ${ratios.balancerToDirect}×  ` +
      `(p99 ${one.p99Ms} ms vs ${direct.p99Ms} ms)\n` +
      `2 processes through HAProxy / baseline SQL: ${ratios.twoToBaseline}×`,
  );
  const loadEnd = os.loadavg();
  console.log(
    `load average at end: ${loadEnd.map((load) => load.toFixed(2)).join(' ')} (1, 5, 15 min)`,
  );
  const file = writeResult('balancer', {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cores, cpu: os.cpus()[0]?.model, node: process.version, loadStart, loadEnd },
    config,
    results,
    ratios,
  });
  console.log(`wrote ${file}`);
}

function twoAccounts() {
  const a = 1 + Math.floor(Math.random() * BASELINE_ACCOUNTS);
  let b = a;
  while (b === a) b = 1 + Math.floor(Math.random() * BASELINE_ACCOUNTS);
  return [a, b];
}

/**
 * `config.workers` loops of the scenario's operation for the warm-up plus the measured seconds;
 * an operation counts when it ends inside the measured window, its latency as seen around it.
 */
async function measure(scenario) {
  const { operation, agent } = scenario();
  const latencies = [];
  let errors = 0;
  const errorSamples = new Set();
  const start = performance.now();
  const from = start + config.warmupSeconds * 1000;
  const until = from + config.seconds * 1000;
  await Promise.all(
    Array.from({ length: config.workers }, async (_, index) => {
      const run = operation(index);
      while (performance.now() < until && !interruption.interrupted) {
        const began = performance.now();
        try {
          await run();
        } catch (error) {
          errors += 1;
          if (errorSamples.size < 3) errorSamples.add(String(error.message).slice(0, 200));
          continue;
        }
        const ended = performance.now();
        if (ended >= from && ended <= until) latencies.push(ended - began);
      }
    }),
  );
  agent?.destroy();
  return { latencies, errors, errorSamples: [...errorSamples] };
}

/** The figures of one scenario's runs pooled: every transfer of every round counts. */
function summary(runs) {
  const sorted = Float64Array.from(runs.flatMap((run) => run.latencies)).sort();
  const seconds = config.seconds * runs.length;
  return {
    transfers: sorted.length,
    opsPerSecond: round(sorted.length / seconds, 1),
    p50Ms: round(percentile(sorted, 0.5), 2),
    p99Ms: round(percentile(sorted, 0.99), 2),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    errorSamples: runs.flatMap((run) => run.errorSamples).slice(0, 3),
  };
}

const HEADER = {
  scenario: 'scenario',
  opsPerSecond: 'transfers/s',
  p50Ms: 'p50 ms',
  p99Ms: 'p99 ms',
  errors: 'errors',
};

function line(row) {
  return [
    String(row.scenario).padEnd(36),
    String(row.opsPerSecond).padStart(12),
    String(row.p50Ms).padStart(9),
    String(row.p99Ms).padStart(9),
    String(row.errors).padStart(7),
  ].join('');
}

main()
  .catch((error) => {
    console.error(`\nbench:balancer failed: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(cleanup);
