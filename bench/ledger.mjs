// `npm run bench:ledger`: transfers per second and latency through libs/ledger, through the HTTP
// API (`/api/user/sendMoneyToWallet`), and through the minimal SQL for the same transfer (the
// baseline), all driven by one harness in one run. It prints a table and the ratio of each figure
// to its baseline, and writes bench/results/ledger-<ISO time>.json. It works in databases of its
// own (khata_bench_<random>), dropped at the end, also when it fails.
//
// The baseline comes in two forms: `baseline`, a statement per round trip as an application
// writes it (the form of the figures and targets), and `baseline 1-trip`, the same SQL
// sent as one string, one round trip like ledger_append: the stricter reference.
//
// The `commission` case (issue 13) is a processed payout with its commission legs, as
// apps/api/src/payouts/payout-ledger.ts posts it: the retailer's wallet, bank settlement, two
// uplines' commission accounts, TDS payable, GST payable and the company's fee income (7 legs,
// split by libs/domain's commissionSplit). Its baseline is the same 7 legs over 7 bench rows.
// Target: at least 0.6× the ledger's plain transfer (`spread`) of the same run.
//
// The `ledger batched` rows (issue 15) send the same events through the Ledger with group commit
// on (`new Ledger(pool, { groupCommit })`): the
// workers' appends queued and sent together, up to BENCH_BATCH events in one transaction and
// one round trip (ledger_append_batch), BENCH_BATCH_CONCURRENCY batches in flight. Targets: the
// batched spread case at least 2.5× the baseline (issue 32; 2× in issue 15), the batched fee case at least 0.8× the batched
// spread case.
//
// Environment: BENCH_SECONDS (measured seconds per scenario, 5), BENCH_WARMUP_SECONDS (1),
// BENCH_WORKERS (1,8,32), BENCH_CASES (spread,hot,fee,commission), BENCH_ACCOUNTS (1000),
// BENCH_HOT_ACCOUNTS (10), BENCH_BATCHED (0 skips the batched rows), BENCH_BATCH (16),
// BENCH_BATCH_CONCURRENCY (8), BENCH_HTTP (0 skips the HTTP part), BENCH_HTTP_RECIPIENTS (100),
// BENCH_API_PROCESSES (1,2: the HTTP part once per count, each through npm start's supervisor),
// BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432), BENCH_REDIS_URL (redis://127.0.0.1:6379),
// BENCH_POSTGRES_PID (the postmaster's pid: pg µs then counts only that server's processes, for
// a private server on a machine whose shared Postgres serves others too).
// BENCH_API_NODE_ARGS (Node flags for the API process, e.g. a profiler: docs/performance.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrate } from '../apps/api/dist/database/data-source.js';
import { Ledger } from '../libs/ledger/dist/index.js';
import { commissionSplit, DEFAULT_TAX_RATES, splitLegs } from '../libs/domain/dist/index.js';
import { prepareHttp, sendOne } from './wallet-http.mjs';
import {
  adminQuery,
  benchServers,
  baselineTransfer,
  cleanup,
  createBaselineTables,
  deleteRedisKeys,
  forEachLimit,
  interruption,
  isSuccess,
  listFrom,
  newClient,
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

const config = {
  seconds: numberFrom('BENCH_SECONDS', 5),
  warmupSeconds: numberFrom('BENCH_WARMUP_SECONDS', 1),
  workers: listFrom('BENCH_WORKERS', [1, 8, 32]),
  cases: casesFrom('BENCH_CASES', ['spread', 'hot', 'fee', 'commission']),
  accounts: numberFrom('BENCH_ACCOUNTS', 1000),
  hotAccounts: numberFrom('BENCH_HOT_ACCOUNTS', 10),
  batched: process.env.BENCH_BATCHED !== '0',
  batch: numberFrom('BENCH_BATCH', 16),
  batchConcurrency: numberFrom('BENCH_BATCH_CONCURRENCY', 8),
  postgresPid: process.env.BENCH_POSTGRES_PID,
  http: process.env.BENCH_HTTP !== '0',
  httpRecipients: numberFrom('BENCH_HTTP_RECIPIENTS', 100),
  apiProcesses: listFrom('BENCH_API_PROCESSES', [1, 2]),
  ...benchServers(),
};

/** What each bench account starts with, in paise: no transfer ever meets the balance floor. */
const FUNDS = 1_000_000_000_000;
/** The fee of the fee scenarios, in paise. */
const FEE = 100;
/** The baseline's one shared fee row. */
const BASELINE_FEE_ROW = 0;
/** Linux reports process CPU time in ticks of 1/100 s (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

const CASES = {
  spread: { label: `${config.accounts} accounts`, accounts: config.accounts },
  hot: { label: `${config.hotAccounts} accounts`, accounts: config.hotAccounts },
  fee: { label: `${config.accounts} accounts + fee`, accounts: config.accounts },
  commission: {
    label: `${config.accounts} accounts payout + commission`,
    accounts: config.accounts,
  },
};

/** The commission case's payout fee and the two uplines' gross shares, in paise. */
const COMMISSION_FEE = 1500;
const COMMISSION_SHARES = [300, 100];

// ---------------------------------------------------------------------------------------------
// Run

async function main() {
  const startedAt = new Date();
  const loadStart = os.loadavg();
  const cores = os.cpus().length;
  console.log(
    `\nbench:ledger  ${startedAt.toISOString()}  ${cores} cores  Node ${process.version}\n` +
      `load average at start: ${loadStart.map((load) => load.toFixed(2)).join(' ')} (1, 5, 15 min)` +
      (loadStart[0] > cores * 0.5 ? `  — other processes are busy: figures will read low` : ''),
  );
  console.log(
    `${config.warmupSeconds} s warm-up + ${config.seconds} s measured per scenario; ` +
      `workers ${config.workers.join(', ')}`,
  );

  const database = `khata_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${config.postgresUrl}/${database}`;
  await adminQuery(config.postgresUrl, `CREATE DATABASE "${database}"`);
  onCleanup(() =>
    adminQuery(config.postgresUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  );
  await migrate(databaseUrl);
  const setup = await prepare(databaseUrl);
  const settings = await postgresSettings(databaseUrl);
  console.log(
    `Postgres ${settings.server_version}: synchronous_commit=${settings.synchronous_commit}, ` +
      `shared_buffers=${settings.shared_buffers}, max_connections=${settings.max_connections}\n`,
  );

  const results = [];
  const report = (result) => {
    results.push(result);
    printRow(result, results);
  };
  printHeader();

  // Each baseline runs right before the ledger runs it is compared with, so a change in the
  // machine's load between scenarios touches both sides alike.
  for (const caseKey of config.cases) {
    for (const workers of config.workers) {
      stopWhenInterrupted();
      report(await run(databaseUrl, { kind: 'baseline', caseKey, workers }, setup));
      report(await run(databaseUrl, { kind: 'baseline-1rt', caseKey, workers }, setup));
      report(await run(databaseUrl, { kind: 'ledger', caseKey, workers }, setup));
      if (caseKey === 'fee') {
        report(await run(databaseUrl, { kind: 'ledger', caseKey, workers, oneShard: true }, setup));
      }
      if (config.batched) {
        report(await run(databaseUrl, { kind: 'ledger-batched', caseKey, workers }, setup));
      }
    }
  }

  let httpPart = { status: 'skipped', reason: 'BENCH_HTTP=0' };
  if (config.http) {
    try {
      httpPart = await runHttp(database, report);
    } catch (error) {
      // The database figures above still stand: report the failure, write them, exit non-zero.
      httpPart = { status: 'failed', reason: String(error.message ?? error).slice(0, 2000) };
      process.exitCode = 1;
    }
  }
  stopWhenInterrupted();
  if (httpPart.status !== 'ok') console.log(`HTTP  ${httpPart.status}: ${httpPart.reason}`);
  printLegend();

  const targets = checkTargets(results);
  printTargets(targets);

  const loadEnd = os.loadavg();
  console.log(
    `\nload average at end: ${loadEnd.map((load) => load.toFixed(2)).join(' ')} (1, 5, 15 min)`,
  );
  stopWhenInterrupted();
  const file = writeResult('ledger', {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cores,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      loadavgStart: loadStart,
      loadavgEnd: loadEnd,
      postgres: settings,
    },
    config,
    fee: FEE,
    results,
    http: httpPart,
    targets,
  });
  console.log(`wrote ${file}`);
}

// ---------------------------------------------------------------------------------------------
// Setup

/** Bench accounts in the ledger (funded through it) and the baseline's own tables. */
async function prepare(databaseUrl) {
  const pool = newPool(databaseUrl, 8);
  try {
    const { rows } = await pool.query(
      `INSERT INTO ledger_accounts (kind, code)
       SELECT 'bench', 'bench:' || n FROM generate_series(1, $1::int) AS n RETURNING id, code`,
      [config.accounts],
    );
    const ledgerIds = rows
      .map((row) => ({ id: row.id, n: Number(row.code.slice('bench:'.length)) }))
      .sort((a, b) => a.n - b.n)
      .map((row) => row.id);
    const ledger = new Ledger(pool);
    await forEachLimit(ledgerIds, 8, async (accountId, index) => {
      await ledger.append({
        type: 'wallet.credited',
        stream: `bench-funding:${index + 1}`,
        legs: [
          { accountId: await ledger.systemAccount('system:funding'), amount: -FUNDS },
          { accountId, amount: FUNDS },
        ],
      });
    });
    const fee = await pool.query(
      `SELECT id FROM ledger_accounts WHERE code = 'system:fee_income/0'`,
    );

    await createBaselineTables(pool, config.accounts, FUNDS);
    await pool.query('VACUUM ANALYZE');
    return { ledgerIds, oneFeeShard: fee.rows[0].id };
  } finally {
    await pool.end();
  }
}

async function postgresSettings(databaseUrl) {
  const client = newClient(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT name, current_setting(name) AS value FROM pg_settings
        WHERE name IN ('server_version', 'synchronous_commit', 'fsync', 'shared_buffers',
                       'max_connections', 'commit_delay', 'wal_sync_method', 'full_page_writes')`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Database scenarios

/** One scenario: a pool of `workers` connections, each worker a loop of transfers. */
async function run(databaseUrl, scenario, setup) {
  const { kind, caseKey, workers, oneShard = false } = scenario;
  const accounts = CASES[caseKey].accounts;
  const withFee = caseKey === 'fee';
  await settle(databaseUrl);
  const pool = newPool(databaseUrl, workers);
  try {
    await warmConnections(pool, workers);
    let transfer;
    if (caseKey === 'commission') {
      transfer = await commissionTransfer(pool, kind, accounts, setup);
    } else if (kind === 'ledger' || kind === 'ledger-batched') {
      const ledger = ledgerOf(kind, pool);
      await ledger.systemAccount('system:fee_income'); // loads the system ids before timing
      const feeAccount = () =>
        oneShard ? setup.oneFeeShard : ledger.systemAccount('system:fee_income');
      transfer = async () => {
        const [from, to, amount] = pick(accounts);
        const legs = [
          { accountId: setup.ledgerIds[from], amount: -(amount + (withFee ? FEE : 0)) },
          { accountId: setup.ledgerIds[to], amount },
        ];
        if (withFee) legs.push({ accountId: await feeAccount(), amount: FEE });
        await ledger.append({
          type: 'wallet.transferred',
          stream: `transfer:${randomUUID()}`,
          legs,
        });
      };
    } else {
      transfer = async () => {
        const [from, to, amount] = pick(accounts);
        // bench_accounts ids are 1..N (0 is the fee row).
        const legs = [
          [from + 1, -(amount + (withFee ? FEE : 0))],
          [to + 1, amount],
        ];
        if (withFee) legs.push([BASELINE_FEE_ROW, FEE]);
        await (kind === 'baseline' ? baselineTransfer : baselineOneTrip)(pool, legs);
      };
    }
    const measured = await measure(workers, () => transfer);
    return {
      scenario: scenarioName(scenario),
      kind,
      case: caseKey,
      oneShard,
      workers,
      ...measured,
    };
  } finally {
    await pool.end();
  }
}

/**
 * One processed payout with its commission: the retailer pays amount + fee; the amount goes to
 * bank settlement; the fee is split (GST, two uplines net of TDS, TDS, the company). The
 * baseline moves the same 7 legs over 7 distinct bench rows.
 */
async function commissionTransfer(pool, kind, accounts, setup) {
  const ledger = ledgerOf(kind, pool);
  const systemKinds = [
    'system:bank_settlement',
    'system:tds_payable',
    'system:gst_payable',
    'system:fee_income',
  ];
  for (const systemKind of systemKinds) await ledger.systemAccount(systemKind);
  return async () => {
    const [retailer, distributor, superDistributor] = distinct(accounts, 3);
    const amount = 1 + Math.floor(Math.random() * 10_000);
    const split = commissionSplit(
      COMMISSION_FEE,
      [
        { level: 'distributor', userId: distributor, hasPan: true, gross: COMMISSION_SHARES[0] },
        {
          level: 'superDistributor',
          userId: superDistributor,
          hasPan: false,
          gross: COMMISSION_SHARES[1],
        },
      ],
      DEFAULT_TAX_RATES,
    );
    const feeLegs = splitLegs(split);
    if (kind === 'ledger' || kind === 'ledger-batched') {
      const accountOf = async (party) =>
        party.kind === 'commission'
          ? setup.ledgerIds[party.userId]
          : ledger.systemAccount(
              party.kind === 'tds'
                ? 'system:tds_payable'
                : party.kind === 'gst'
                  ? 'system:gst_payable'
                  : 'system:fee_income',
            );
      const legs = [
        { accountId: setup.ledgerIds[retailer], amount: -(amount + COMMISSION_FEE) },
        { accountId: await ledger.systemAccount('system:bank_settlement'), amount },
      ];
      for (const leg of feeLegs) {
        legs.push({ accountId: await accountOf(leg.party), amount: leg.amount });
      }
      await ledger.append({ type: 'payout.processed', stream: `payout:${randomUUID()}`, legs });
      return;
    }
    // Bench rows 1..N: the uplines' own rows, and four more distinct rows for the system legs.
    const others = distinct(accounts, 7).filter(
      (n) => n !== retailer && n !== distributor && n !== superDistributor,
    );
    let next = 0;
    const rowOf = (party) =>
      party.kind === 'commission' ? party.userId + 1 : others[next++ % others.length] + 1;
    const legs = [
      [retailer + 1, -(amount + COMMISSION_FEE)],
      [others[next++] + 1, amount],
      ...feeLegs.map((leg) => [rowOf(leg.party), leg.amount]),
    ];
    await (kind === 'baseline' ? baselineTransfer : baselineOneTrip)(pool, legs);
  };
}

/** The plain ledger (an append per transaction) or the group-commit one, on the pool. */
function ledgerOf(kind, pool) {
  return kind === 'ledger-batched'
    ? new Ledger(pool, {
        groupCommit: { maxBatch: config.batch, concurrency: config.batchConcurrency },
      })
    : new Ledger(pool);
}

/** `count` different account indexes of the first `accounts`. */
function distinct(accounts, count) {
  const chosen = new Set();
  while (chosen.size < count) chosen.add(Math.floor(Math.random() * accounts));
  return [...chosen];
}

/** The same SQL sent as one multi-statement string: one round trip, like the ledger's. */
async function baselineOneTrip(pool, legs) {
  legs.sort((a, b) => a[0] - b[0]);
  const sql = [
    'BEGIN',
    `SELECT 1 FROM bench_accounts WHERE id IN (${legs.map(([id]) => id).join(',')}) ORDER BY id FOR UPDATE`,
    ...legs.map(
      ([id, amount]) =>
        `WITH moved AS (UPDATE bench_accounts SET balance = balance + (${amount}) WHERE id = ${id} RETURNING balance)
         INSERT INTO bench_entries (account_id, amount, balance_after) SELECT ${id}, ${amount}, balance FROM moved`,
    ),
    'COMMIT',
  ].join(';\n');
  const client = await pool.connect();
  try {
    await client.query(sql);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Two different accounts of the first `accounts` and an amount of 1 to 10,000 paise. */
function pick(accounts) {
  const from = Math.floor(Math.random() * accounts);
  let to = Math.floor(Math.random() * (accounts - 1));
  if (to >= from) to += 1;
  return [from, to, 1 + Math.floor(Math.random() * 10_000)];
}

/** Between scenarios: no dead rows or pending checkpoint carried from the last one. */
async function settle(databaseUrl) {
  const client = newClient(databaseUrl);
  await client.connect();
  try {
    await client.query('VACUUM ledger_accounts, bench_accounts');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

const KIND_LABELS = {
  baseline: 'baseline',
  'baseline-1rt': 'baseline 1-trip',
  ledger: 'ledger',
  'ledger-batched': 'ledger batched',
};

function scenarioName({ kind, caseKey, oneShard }) {
  const shard =
    caseKey === 'fee' && kind.startsWith('ledger') ? (oneShard ? ', 1 shard' : ', 16 shards') : '';
  const feeRow = caseKey === 'fee' && kind.startsWith('baseline') ? ', 1 fee row' : '';
  return `${KIND_LABELS[kind]} ${CASES[caseKey].label}${shard}${feeRow}`;
}

// ---------------------------------------------------------------------------------------------
// The harness

/**
 * Runs `workers` loops of `operation` for the warm-up plus the measured seconds. A transfer
 * counts when it completes inside the measured window; its latency is what `performance.now()`
 * saw around it. Also measures CPU over the window: the machine's, this process's, Postgres's
 * and (given their pids) the API processes' together.
 */
async function measure(workers, makeOperation, apiPids) {
  const operations = Array.from({ length: workers }, (_, index) => makeOperation(index));
  const latencies = [];
  const errors = new Map();
  const start = performance.now();
  const from = start + config.warmupSeconds * 1000;
  const until = from + config.seconds * 1000;
  let before;
  let after;
  const timers = [
    setTimeout(() => (before = cpuSnapshot(apiPids)), from - start),
    setTimeout(() => (after = cpuSnapshot(apiPids)), until - start),
  ];
  const loops = operations.map(async (operation) => {
    while (performance.now() < until && !interruption.interrupted) {
      const began = performance.now();
      try {
        await operation();
      } catch (error) {
        const message = String(error?.message ?? error).slice(0, 200);
        errors.set(message, (errors.get(message) ?? 0) + 1);
        continue;
      }
      const ended = performance.now();
      if (ended >= from && ended <= until) latencies.push(ended - began);
    }
  });
  await Promise.all(loops);
  for (const timer of timers) clearTimeout(timer);
  after ??= cpuSnapshot(apiPids);
  const sorted = Float64Array.from(latencies).sort();
  const count = sorted.length;
  return {
    transfers: count,
    opsPerSecond: round(count / config.seconds, 1),
    p50Ms: round(percentile(sorted, 0.5), 2),
    p99Ms: round(percentile(sorted, 0.99), 2),
    meanMs: round(latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, count), 2),
    maxMs: round(count ? sorted[count - 1] : NaN, 2),
    errors: [...errors.values()].reduce((sum, value) => sum + value, 0),
    errorSamples: Object.fromEntries([...errors.entries()].slice(0, 5)),
    cpu: before ? cpuUse(before, after, count) : undefined,
  };
}

/** CPU counters now; the /proc parts only on Linux. */
function cpuSnapshot(apiPids) {
  const snapshot = { at: performance.now(), self: process.cpuUsage() };
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.slice(1, 9).map(Number);
    snapshot.hostTotal = ticks.reduce((sum, value) => sum + value, 0);
    snapshot.hostIdle = ticks[3] + ticks[4];
    snapshot.postgresTicks = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' && ofServer(pid)) {
          snapshot.postgresTicks += processTicks(pid);
        }
      } catch {
        // The process ended while we looked.
      }
    }
    if (apiPids?.length) {
      snapshot.apiTicks = apiPids.reduce((sum, pid) => sum + processTicks(pid), 0);
    }
  } catch {
    // Not Linux: only this process's figures.
  }
  return snapshot;
}

/** Whether a postgres process belongs to the server measured (all of them unless one is named). */
function ofServer(pid) {
  if (!config.postgresPid || pid === config.postgresPid) return true;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === config.postgresPid;
}

function processTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The window's CPU: machine busy (% of all cores) and CPU µs per transfer by process. */
function cpuUse(before, after, count) {
  const perOp = (microseconds) => (count ? round(microseconds / count, 0) : undefined);
  const ticksToMicros = (ticks) => (ticks * 1_000_000) / TICKS_PER_SECOND;
  const self = after.self.user - before.self.user + (after.self.system - before.self.system);
  const use = { benchUsPerOp: perOp(self) };
  if (before.hostTotal !== undefined) {
    const total = after.hostTotal - before.hostTotal;
    use.hostBusyPercent = round(100 * (1 - (after.hostIdle - before.hostIdle) / total), 0);
    use.postgresUsPerOp = perOp(ticksToMicros(after.postgresTicks - before.postgresTicks));
  }
  if (before.apiTicks !== undefined && after.apiTicks !== undefined) {
    use.apiUsPerOp = perOp(ticksToMicros(after.apiTicks - before.apiTicks));
  }
  return use;
}

// ---------------------------------------------------------------------------------------------
// HTTP

/**
 * The built API on a database of its own; senders (employees with the wallet service) registered,
 * signed in and credited through the API, then one worker per connection, each its own sender,
 * sending ₹1 to a random recipient. Skipped, with the reason, when the endpoints are not there.
 */
async function runHttp(benchDatabase, report) {
  const senderCount = Math.max(...config.workers);
  const database = `${benchDatabase}_http`;
  onCleanup(() =>
    adminQuery(config.postgresUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  );
  const redisPrefix = `khata-bench-${randomBytes(4).toString('hex')}`;
  onCleanup(() => deleteRedisKeys(config.redisUrl, redisPrefix));
  // One state folder for every start: the same generated secrets, so the users, PINs and
  // sessions made by the first start serve the next ones.
  const stateDir = mkdtempSync(join(os.tmpdir(), 'khata-bench-http-'));
  onCleanup(() => rmSync(stateDir, { recursive: true, force: true }));
  const start = (processes) =>
    startApiProcess({
      processes,
      env: {
        DATABASE_URL: `${config.postgresUrl}/${database}`,
        REDIS_URL: config.redisUrl,
        REDIS_PREFIX: redisPrefix,
        ADMIN_MOBILE: '9800000001',
        ADMIN_PASSWORD: 'bench-admin-password',
        ADMIN_PIN: '2468',
        KHATA_STATE_DIR: stateDir,
      },
    });

  const rows = [];
  let prepared;
  for (const processes of config.apiProcesses) {
    stopWhenInterrupted();
    const api = await start(processes);
    onCleanup(() => api.stop());
    try {
      prepared ??= await prepareHttp(api.port, {
        senders: senderCount,
        recipients: config.httpRecipients,
      });
      if (prepared.status === 'skipped') return prepared;
      rows.push(...(await measureHttp(api, processes, prepared, report)));
    } finally {
      await api.stop();
    }
  }
  printProcessRatios(rows);
  return {
    status: 'ok',
    senders: senderCount,
    recipients: config.httpRecipients,
    apiProcesses: config.apiProcesses,
    rows: rows.length,
  };
}

/** One row per worker count against `api` (`processes` API processes), each its own sender. */
async function measureHttp(api, processes, { senders, recipients }, report) {
  const rows = [];
  for (const workers of config.workers) {
    stopWhenInterrupted();
    const httpAgent = new http.Agent({ keepAlive: true, maxSockets: workers });
    const measured = await measure(
      workers,
      (index) => async () => {
        const answer = await sendOne(api.port, senders[index], recipients, httpAgent);
        if (!isSuccess(answer)) {
          throw new Error(`${answer.status} ${answer.json?.message ?? answer.text.slice(0, 100)}`);
        }
      },
      api.pids,
    );
    httpAgent.destroy();
    const row = {
      scenario: `HTTP sendMoneyToWallet, ${processes} API proc.`,
      kind: 'http',
      case: 'spread',
      apiProcesses: processes,
      workers,
      ...measured,
    };
    rows.push(row);
    report(row);
  }
  return rows;
}

/** Each process count's HTTP rows against the first count's, at the same workers. */
function printProcessRatios(rows) {
  const [first, ...others] = config.apiProcesses;
  if (!others.length) return;
  console.log(`\nHTTP by API processes (ops/s vs ${first} process${first === 1 ? '' : 'es'}):`);
  for (const workers of config.workers) {
    const reference = rows.find((row) => row.apiProcesses === first && row.workers === workers);
    for (const processes of others) {
      const row = rows.find((each) => each.apiProcesses === processes && each.workers === workers);
      if (!reference || !row) continue;
      row.ratioToFirstProcessCount = round(row.opsPerSecond / reference.opsPerSecond, 2);
      console.log(
        `  ${String(workers).padStart(3)} workers: ${processes} processes ${row.opsPerSecond.toFixed(0)}/s` +
          ` (p99 ${row.p99Ms} ms, API ${row.cpu?.apiUsPerOp ?? '?'} µs CPU/transfer)` +
          ` vs ${reference.opsPerSecond.toFixed(0)}/s (p99 ${reference.p99Ms} ms,` +
          ` API ${reference.cpu?.apiUsPerOp ?? '?'} µs): ${row.ratioToFirstProcessCount.toFixed(2)}×`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Report

/**
 * The baseline a row is compared with: the same case and workers (HTTP: the spread case), in
 * the statement-per-round-trip form (`baseline`) or the one-round-trip form (`baseline-1rt`).
 */
function baselineOf(row, results, kind = 'baseline') {
  if (row.kind === kind) return undefined;
  return results.find(
    (other) => other.kind === kind && other.case === row.case && other.workers === row.workers,
  );
}

const COLUMNS = [
  ['scenario', 46, 'left'],
  ['workers', 7],
  ['ops/s', 8],
  ['p50 ms', 7],
  ['p99 ms', 7],
  ['vs base', 7],
  ['vs 1-trip', 9],
  ['cpu %', 5],
  ['pg µs', 6],
  ['node µs', 7],
  ['api µs', 6],
  ['errors', 6],
];

function line(values) {
  return values
    .map((value, index) => {
      const [, width, align] = COLUMNS[index];
      const text = String(value ?? '');
      return align === 'left' ? text.padEnd(width) : text.padStart(width);
    })
    .join('  ');
}

function printHeader() {
  console.log(line(COLUMNS.map(([name]) => name)));
  console.log(line(COLUMNS.map(([, width]) => '-'.repeat(width))));
}

function printLegend() {
  console.log(
    [
      '',
      'vs base: ops/s over the baseline of the same case and workers (a statement per round trip,',
      "  the form of the issue's figures); vs 1-trip: over the same SQL sent in one round trip.",
      '  HTTP rows compare with the 1000-accounts baselines.',
      'cpu %: the machine busy, all cores, over the measured seconds; pg µs, node µs, api µs: CPU',
      '  per transfer of every Postgres process, of this process, and of the API process.',
    ].join('\n'),
  );
}

function printRow(row, results) {
  const baseline = baselineOf(row, results);
  row.ratioToBaseline = baseline ? round(row.opsPerSecond / baseline.opsPerSecond, 2) : undefined;
  const oneTrip = row.kind.startsWith('baseline')
    ? undefined
    : baselineOf(row, results, 'baseline-1rt');
  row.ratioToOneTrip = oneTrip ? round(row.opsPerSecond / oneTrip.opsPerSecond, 2) : undefined;
  const times = (value) => (value === undefined ? '' : `${value.toFixed(2)}×`);
  console.log(
    line([
      row.scenario,
      row.workers,
      row.opsPerSecond.toFixed(0),
      row.p50Ms.toFixed(2),
      row.p99Ms.toFixed(2),
      times(row.ratioToBaseline),
      times(row.ratioToOneTrip),
      row.cpu?.hostBusyPercent,
      row.cpu?.postgresUsPerOp,
      row.cpu?.benchUsPerOp,
      row.cpu?.apiUsPerOp,
      row.errors || '',
    ]),
  );
  for (const [message, count] of Object.entries(row.errorSamples)) {
    console.log(`    ${count} × ${message}`);
  }
}

/** The targets, at the largest worker count of the run. */
function checkTargets(results) {
  const workers = Math.max(...config.workers);
  const find = (kind, caseKey, oneShard = false) =>
    results.find(
      (row) =>
        row.kind === kind &&
        row.case === caseKey &&
        row.workers === workers &&
        Boolean(row.oneShard) === oneShard,
    );
  const base = find('baseline', 'spread');
  const baseFee = find('baseline', 'fee');
  const oneTrip = find('baseline-1rt', 'spread');
  const oneTripFee = find('baseline-1rt', 'fee');
  const spread = find('ledger', 'spread');
  const fee = find('ledger', 'fee');
  const batched = find('ledger-batched', 'spread');
  const batchedFee = find('ledger-batched', 'fee');
  // The HTTP targets are read on the most API processes measured (BENCH_API_PROCESSES).
  const httpRow = results
    .filter((row) => row.kind === 'http' && row.workers === workers)
    .sort((a, b) => a.apiProcesses - b.apiProcesses)
    .at(-1);
  const httpName = `HTTP (${httpRow?.apiProcesses ?? '?'} API proc.)`;
  const target = (name, value, goal, unit = '×', againstOneTrip = undefined) => ({
    name,
    workers,
    value: value === undefined ? undefined : round(value, 2),
    goal,
    met:
      value === undefined
        ? undefined
        : unit === 'ms'
          ? value < goal
          : unit === 'µs'
            ? value <= goal
            : value >= goal,
    unit,
    againstOneTrip: againstOneTrip === undefined ? undefined : round(againstOneTrip, 2),
  });
  return [
    target(
      'ledger 1,000 accounts vs baseline',
      ratio(spread, base),
      1.0,
      '×',
      ratio(spread, oneTrip),
    ),
    target(
      'ledger + fee (16 shards) vs baseline + fee',
      ratio(fee, baseFee),
      2.0,
      '×',
      ratio(fee, oneTripFee),
    ),
    target('ledger + fee vs ledger 1,000 accounts', ratio(fee, spread), 0.8),
    // Issue 32 raised it from issue 15's 2×.
    target(
      'ledger batched 1,000 accounts vs baseline',
      ratio(batched, base),
      2.5,
      '×',
      ratio(batched, oneTrip),
    ),
    target('ledger + fee batched vs ledger batched', ratio(batchedFee, batched), 0.8),
    target('ledger batched vs ledger 1,000 accounts', ratio(batched, spread), 1.0),
    target(
      'ledger payout + commission vs ledger 1,000 accounts',
      ratio(find('ledger', 'commission'), spread),
      0.6,
    ),
    target(
      'ledger payout + commission vs its baseline',
      ratio(find('ledger', 'commission'), find('baseline', 'commission')),
      1.0,
      '×',
      ratio(find('ledger', 'commission'), find('baseline-1rt', 'commission')),
    ),
    target(
      `${httpName} vs baseline 1,000 accounts`,
      ratio(httpRow, base),
      0.5,
      '×',
      ratio(httpRow, oneTrip),
    ),
    target(`${httpName} p99`, httpRow?.p99Ms, 100, 'ms'),
    // Issue 32: the API's and every Postgres process's CPU per transfer, together.
    target(
      `${httpName} CPU per transfer (API + Postgres)`,
      httpRow?.cpu?.apiUsPerOp !== undefined && httpRow.cpu.postgresUsPerOp !== undefined
        ? httpRow.cpu.apiUsPerOp + httpRow.cpu.postgresUsPerOp
        : undefined,
      1200,
      'µs',
    ),
  ];
}

function ratio(row, baseline) {
  return row && baseline ? row.opsPerSecond / baseline.opsPerSecond : undefined;
}

function printTargets(targets) {
  console.log(`\ntargets (${targets[0].workers} workers):`);
  for (const { name, value, goal, met, unit, againstOneTrip } of targets) {
    const shown =
      value === undefined
        ? 'not measured'
        : unit === 'ms' || unit === 'µs'
          ? `${value} ${unit}`
          : `${value.toFixed(2)}×`;
    const verdict = met === undefined ? '' : met ? 'met' : 'MISSED';
    const wanted = unit === 'ms' ? `< ${goal} ms` : unit === 'µs' ? `≤ ${goal} µs` : `≥ ${goal}×`;
    const strict =
      againstOneTrip === undefined ? '' : `   (vs 1-trip: ${againstOneTrip.toFixed(2)}×)`;
    console.log(
      `  ${name.padEnd(52)} ${shown.padStart(12)}  ${wanted.padEnd(9)} ${verdict.padEnd(6)}${strict}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function casesFrom(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const cases = raw.split(',').filter(Boolean);
  const unknown = cases.filter((each) => !fallback.includes(each));
  if (unknown.length) throw new Error(`${name} takes ${fallback.join(', ')}; not ${unknown}.`);
  return cases;
}

// Last, so every constant above is initialised when it runs.
try {
  await main();
} catch (error) {
  if (!interruption.interrupted) console.error(`\nbench:ledger failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
