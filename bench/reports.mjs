// `npm run bench:reports`: the ledger report over a million postings on one account, through the
// built API process, against baselines measured in the same run:
// - the CSV of the whole range (`POST /api/user/ledger/csv`): time, and the API process's
//   resident memory (VmRSS sampled every 50 ms from /proc/<pid>/status, and VmHWM, its peak);
//   baseline: the same postings read by `COPY (…) TO STDOUT` through psql. Targets: under 30 s,
//   under 200 MB resident.
// - the first page of the report (`POST /api/user/ledger`, 20 lines) over the same range,
//   p50/p95 of BENCH_PAGE_REQUESTS requests; baseline: a trivial authenticated call
//   (`/api/user/checkBalance`). Target: p95 under 100 ms. The first request, which reads the
//   whole range for its totals (kept afterwards, see docs/decisions.md), is shown on its own.
//
// The rows are built forward in the ledger's own tables (the triggers forbid UPDATE and
// DELETE, not INSERT), by generate_series in batches: BENCH_POSTINGS events on one retailer's
// wallet, spread over the last 399 India days, alternately a wallet credit (₹1,000) and a
// wallet debit with a fee (₹400 + ₹5, the fee on a line of its own), each with its other legs
// on system accounts, every posting with its balance after it. The hash chain is not computed
// for them (the report does not read it): `ledger:verify` is not run on this database. It
// works in a database of its own (khata_bench_<random>), dropped at the end, also on failure.
//
// Environment: BENCH_POSTINGS (1000000), BENCH_PAGE_REQUESTS (200), BENCH_KEEP_DATABASE (0;
// 1 keeps the database, to EXPLAIN the report's queries; drop it yourself), BENCH_POSTGRES_URL,
// BENCH_REDIS_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { migrate } from '../apps/api/dist/database/data-source.js';
import { addDays, indiaDay } from '../libs/domain/dist/index.js';
import {
  adminQuery,
  benchServers,
  cleanup,
  deleteRedisKeys,
  expectOk,
  interruption,
  newPool,
  numberFrom,
  onCleanup,
  percentile,
  post,
  round,
  startApiProcess,
  stopWhenInterrupted,
  writeResult,
} from './support.mjs';

const config = {
  postings: numberFrom('BENCH_POSTINGS', 1_000_000),
  pageRequests: numberFrom('BENCH_PAGE_REQUESTS', 200),
  /** BENCH_KEEP_DATABASE=1 keeps the database afterwards, to EXPLAIN the report's queries. */
  keep: process.env.BENCH_KEEP_DATABASE === '1',
  ...benchServers(),
};

const BATCH = 100_000;
const DAYS = 399;
const CREDIT = 100_000;
const DEBIT = 40_000;
const FEE = 500;
const TARGETS = { csvSeconds: 30, csvMegabytes: 200, pageP95Ms: 100 };

async function main() {
  const startedAt = new Date();
  const load = os.loadavg();
  console.log(
    `\nbench:reports  ${startedAt.toISOString()}  ${os.cpus().length} cores  Node ${process.version}\n` +
      `load average at start: ${load.map((each) => each.toFixed(2)).join(' ')} (1, 5, 15 min)`,
  );
  const database = `khata_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${config.postgresUrl}/${database}`;
  await adminQuery(config.postgresUrl, `CREATE DATABASE "${database}"`);
  if (config.keep) console.log(`Keeping the database for EXPLAIN: ${databaseUrl}`);
  else
    onCleanup(() =>
      adminQuery(config.postgresUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
    );
  await migrate(databaseUrl);

  const redisPrefix = `khata-bench-${randomBytes(4).toString('hex')}`;
  onCleanup(() => deleteRedisKeys(config.redisUrl, redisPrefix));
  const admin = { mobile: '9800000001', password: 'bench-admin-password', pin: '2468' };
  const api = await startApiProcess({
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: redisPrefix,
      ADMIN_MOBILE: admin.mobile,
      ADMIN_PASSWORD: admin.password,
      ADMIN_PIN: admin.pin,
    },
  });
  onCleanup(() => api.stop());
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const call = (path, body, headers) => post(agent, api.port, path, body, headers);
  const token = (
    await expectOk(
      await call('/api/auth/login', { mobile: admin.mobile, password: admin.password }),
      'admin login',
    )
  ).json.token;
  const auth = { authorization: `Bearer ${token}` };
  const retailer = { mobile: '9700000001', name: 'Bench Retailer' };
  expectOk(
    await call(
      '/api/admin/register-user',
      { ...retailer, password: 'bench-password', pin: '1357', role: 'user' },
      auth,
    ),
    'register the retailer',
  );

  const pool = newPool(databaseUrl, 2);
  onCleanup(() => pool.end());
  const ids = await accountsOf(pool, retailer.mobile);
  const built = await buildPostings(pool, ids);
  const range = { userId: ids.userId, from: built.from, to: built.to };

  stopWhenInterrupted();
  console.log('\nCSV of the whole range…');
  const copy = await copyBaseline(databaseUrl, ids.walletId);
  const csv = await downloadCsv(api, auth, range);
  console.log(
    `  baseline COPY … TO STDOUT (psql): ${copy.rows.toLocaleString('en-IN')} rows in ${copy.seconds.toFixed(2)} s`,
  );
  console.log(
    `  API /user/ledger/csv:            ${csv.rows.toLocaleString('en-IN')} rows (${(csv.bytes / 1e6).toFixed(0)} MB) in ${csv.seconds.toFixed(2)} s ` +
      `(${(csv.seconds / copy.seconds).toFixed(1)}× the baseline)`,
  );
  console.log(
    `  API resident memory: ${csv.rssBeforeMb} MB before, ${csv.peakRssMb} MB peak sampled, VmHWM ${csv.hwmMb} MB`,
  );

  stopWhenInterrupted();
  console.log(`\nFirst page of the report, ${config.pageRequests} requests…`);
  const page = await latencies(() =>
    call('/api/user/ledger', { ...range, page: 1, pageSize: 20 }, auth),
  );
  const trivial = await latencies(() => call('/api/user/checkBalance', {}, auth));
  const deep = await latencies(() =>
    call('/api/user/ledger', { ...range, page: 500, pageSize: 20 }, auth),
  );
  console.log(`  first request (reads the range's totals): ${page.first.toFixed(1)} ms`);
  printLatency('baseline /user/checkBalance', trivial);
  printLatency('ledger page 1 (20 lines)', page, trivial);
  printLatency('ledger page 500 (lines 9,981–10,000)', deep, trivial);

  const verdicts = {
    csvSeconds: csv.seconds < TARGETS.csvSeconds,
    csvMemory: Math.max(csv.peakRssMb, csv.hwmMb) < TARGETS.csvMegabytes,
    pageP95: page.p95 < TARGETS.pageP95Ms,
  };
  console.log(
    `\nTargets: CSV < ${TARGETS.csvSeconds} s ${verdicts.csvSeconds ? 'met' : 'MISSED'}; ` +
      `< ${TARGETS.csvMegabytes} MB ${verdicts.csvMemory ? 'met' : 'MISSED'}; ` +
      `page p95 < ${TARGETS.pageP95Ms} ms ${verdicts.pageP95 ? 'met' : 'MISSED'}`,
  );
  agent.destroy();
  const file = writeResult('reports', {
    startedAt: startedAt.toISOString(),
    cores: os.cpus().length,
    loadAverageAtStart: load,
    postings: config.postings,
    build: built,
    csv,
    copyBaseline: copy,
    page,
    deepPage: deep,
    trivialBaseline: trivial,
    targets: TARGETS,
    verdicts,
  });
  console.log(`Written to ${file}`);
}

async function accountsOf(pool, mobile) {
  const { rows } = await pool.query(
    `SELECT u.id AS user_id,
            (SELECT account_id FROM ledger_balances_view WHERE owner_id = u.id AND kind = 'wallet') AS wallet,
            (SELECT account_id FROM ledger_balances_view WHERE code = 'system:funding/0') AS funding,
            (SELECT account_id FROM ledger_balances_view WHERE code = 'system:fee_income/0') AS fee_income
       FROM users u WHERE u.mobile = $1`,
    [mobile],
  );
  const row = rows[0];
  return {
    userId: row.user_id,
    walletId: row.wallet,
    fundingId: row.funding,
    feeIncomeId: row.fee_income,
  };
}

/** The postings, forward, a batch per statement; then the wallet's balance and statistics. */
async function buildPostings(pool, ids) {
  const n = config.postings;
  const started = performance.now();
  const { rows } = await pool.query(
    `SELECT coalesce((SELECT max(seq) FROM ledger_events), 0)::bigint AS seq,
            coalesce((SELECT max(id) FROM ledger_postings), 0)::bigint AS posting`,
  );
  const seqBase = Number(rows[0].seq);
  const postingBase = Number(rows[0].posting);
  const now = Date.now() / 1000;
  const start = now - DAYS * 86_400;
  const step = (DAYS * 86_400 - 3_600) / n;
  console.log(`\nBuilding ${n.toLocaleString('en-IN')} postings on one wallet…`);
  const client = await pool.connect();
  try {
    for (let from = 1; from <= n; from += BATCH) {
      stopWhenInterrupted();
      const to = Math.min(n, from + BATCH - 1);
      const params = [from, to, seqBase, ids.userId, ids.walletId, start, step];
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO ledger_events (seq, id, type, stream, stream_version, data, occurred_at)
       SELECT $3::bigint + k, gen_random_uuid(),
              CASE WHEN k % 2 = 1 THEN 'wallet.credited' ELSE 'wallet.debited' END,
              CASE WHEN k % 2 = 1 THEN 'credit:bench-' ELSE 'debit:bench-' END || k, 1,
              jsonb_build_object('record', jsonb_build_object(
                'kind', 'open',
                'type', CASE WHEN k % 2 = 1 THEN 'walletCredit' ELSE 'walletDebit' END,
                'status', 'processed',
                'parties', jsonb_build_array(jsonb_build_object(
                  'userId', $4::text, 'accountId', $5::text,
                  'direction', CASE WHEN k % 2 = 1 THEN 'credit' ELSE 'debit' END,
                  'amount', CASE WHEN k % 2 = 1 THEN ${CREDIT} ELSE ${DEBIT} END,
                  'fee', CASE WHEN k % 2 = 1 THEN 0 ELSE ${FEE} END)),
                'details', jsonb_build_object('remark', 'bench ' || k))),
              to_timestamp($6::float8 + k * $7::float8)
         FROM generate_series($1::bigint, $2::bigint) k`,
        params,
      );
      // The wallet's leg (its balance after it in closed form), then the system legs.
      await client.query(
        `INSERT INTO ledger_postings (id, event_seq, account_id, amount, balance_after, version_after, hash)
       SELECT $3::bigint + k, $2::bigint + k, $4::uuid,
              CASE WHEN k % 2 = 1 THEN ${CREDIT} ELSE -${DEBIT + FEE} END,
              ${CREDIT} * ((k + 1) / 2) - ${DEBIT + FEE} * (k / 2), k, '\\x00'::bytea
         FROM generate_series($1::bigint, $5::bigint) k`,
        [from, seqBase, postingBase, ids.walletId, to],
      );
      await client.query(
        `INSERT INTO ledger_postings (id, event_seq, account_id, amount, balance_after, version_after, hash)
       SELECT $3::bigint + $6::bigint + k, $2::bigint + k, $4::uuid,
              CASE WHEN k % 2 = 1 THEN -${CREDIT} ELSE ${DEBIT} END, 0, k, '\\x00'::bytea
         FROM generate_series($1::bigint, $5::bigint) k;`,
        [from, seqBase, postingBase, ids.fundingId, to, n],
      );
      await client.query(
        `INSERT INTO ledger_postings (id, event_seq, account_id, amount, balance_after, version_after, hash)
       SELECT $3::bigint + 2 * $6::bigint + k, $2::bigint + k, $4::uuid, ${FEE}, 0, k, '\\x00'::bytea
         FROM generate_series($1::bigint, $5::bigint) k WHERE k % 2 = 0`,
        [from, seqBase, postingBase, ids.feeIncomeId, to, n],
      );
      await client.query('COMMIT');
      process.stdout.write(`  ${to.toLocaleString('en-IN')}\r`);
    }
  } finally {
    client.release();
  }
  const credits = CREDIT * Math.ceil(n / 2);
  const debits = (DEBIT + FEE) * Math.floor(n / 2);
  await pool.query(
    `UPDATE ledger_accounts SET credits_posted = $2, debits_posted = $3, version = $4 WHERE id = $1`,
    [ids.walletId, credits, debits, n],
  );
  await pool.query(
    `SELECT setval(pg_get_serial_sequence('ledger_events', 'seq'), (SELECT max(seq) FROM ledger_events)),
            setval(pg_get_serial_sequence('ledger_postings', 'id'), (SELECT max(id) FROM ledger_postings))`,
  );
  await pool.query('VACUUM (ANALYZE) ledger_events');
  await pool.query('VACUUM (ANALYZE) ledger_postings');
  const seconds = (performance.now() - started) / 1000;
  const today = indiaDay(new Date());
  console.log(`  built in ${seconds.toFixed(1)} s`);
  return { seconds: round(seconds, 1), from: addDays(today, -DAYS), to: today, events: n };
}

/** The same postings, oldest first, as CSV by Postgres itself: the floor for any export. */
async function copyBaseline(databaseUrl, walletId) {
  const sql = `COPY (SELECT e.occurred_at, p.id, p.amount, p.balance_after
                      FROM ledger_postings_view p JOIN ledger_events_view e ON e.seq = p.event_seq
                     WHERE p.account_id = '${walletId}' ORDER BY p.id) TO STDOUT WITH (FORMAT csv)`;
  const started = performance.now();
  const child = spawn('psql', [databaseUrl, '-X', '-q', '-c', sql], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rows = 0;
  let bytes = 0;
  child.stdout.on('data', (chunk) => {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows += 1;
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`psql COPY ended with ${code}`);
  return { rows, bytes, seconds: round((performance.now() - started) / 1000, 2) };
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Downloads the whole range as CSV, counting rows, sampling the API's memory meanwhile. */
async function downloadCsv(api, auth, range) {
  const rssBefore = memoryOf(api.pid).rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(api.pid).rss);
  }, 50);
  const started = performance.now();
  const payload = JSON.stringify(range);
  try {
    const { rows, bytes, status } = await new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: api.port,
          path: '/api/user/ledger/csv',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            latitude: '28.613900',
            longitude: '77.209000',
            ...auth,
          },
        },
        (response) => {
          let count = 0;
          let size = 0;
          response.on('data', (chunk) => {
            size += chunk.length;
            for (const byte of chunk) if (byte === 10) count += 1;
          });
          response.on('error', reject);
          response.on('end', () =>
            resolve({ rows: count - 1, bytes: size, status: response.statusCode }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
    if (status !== 200) throw new Error(`the CSV answered ${status}`);
    const seconds = (performance.now() - started) / 1000;
    const after = memoryOf(api.pid);
    return {
      rows,
      bytes,
      seconds: round(seconds, 2),
      rssBeforeMb: round(rssBefore, 0),
      peakRssMb: round(Math.max(peak, after.rss), 0),
      hwmMb: round(after.hwm, 0),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Sequential calls, one at a time: p50/p95 of all but the first, and the first on its own. */
async function latencies(send) {
  const times = [];
  for (let i = 0; i < config.pageRequests + 1; i += 1) {
    const started = performance.now();
    const answer = await send();
    times.push(performance.now() - started);
    expectOk(answer, 'report call');
  }
  const first = times.shift();
  const sorted = [...times].sort((a, b) => a - b);
  return {
    first: round(first, 1),
    p50: round(percentile(sorted, 0.5), 1),
    p95: round(percentile(sorted, 0.95), 1),
    max: round(sorted.at(-1), 1),
  };
}

function printLatency(name, figures, baseline) {
  const ratio = baseline ? `  (${(figures.p95 / baseline.p95).toFixed(1)}× the baseline p95)` : '';
  console.log(
    `  ${name.padEnd(40)} p50 ${String(figures.p50).padStart(6)} ms   p95 ${String(figures.p95).padStart(6)} ms${ratio}`,
  );
}

try {
  await main();
} catch (error) {
  if (!interruption.interrupted) console.error(`\nbench:reports failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
