// What the benchmarks share: the same-run SQL baseline, processes of the built API, HTTP calls,
// cleanup on exit or Ctrl-C, statistics and result files.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const repoRoot = resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------------
// Cleanup

const cleanups = [];
let cleaning;
/** Set by Ctrl-C: loops stop, nothing more is measured or written, the cleanup runs. */
export const interruption = { interrupted: false };

/** Registers a step to undo at the end (last registered, first run). */
export function onCleanup(step) {
  cleanups.push(step);
}

export function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interruption.interrupted = true;
    console.error(`\n${signal}: cleaning up…`);
    cleanup().finally(() => process.exit(130));
  });
}

export function stopWhenInterrupted() {
  if (interruption.interrupted) throw new Error('interrupted');
}

// ---------------------------------------------------------------------------------------------
// Postgres

/** The servers a benchmark runs against: BENCH_POSTGRES_URL (no database) and BENCH_REDIS_URL. */
export function benchServers() {
  return {
    postgresUrl: (process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(
      /\/+$/,
      '',
    ),
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

export async function adminQuery(postgresUrl, sql) {
  const client = newClient(`${postgresUrl}/postgres`);
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Pools and clients that outlive a lost connection: the cleanup drops the database WITH (FORCE)
 * while workers may still hold connections, and an 'error' event nobody listens to would end the
 * process before the cleanup does. The queries in flight still fail, as they should.
 */
export function newPool(connectionString, max) {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function newClient(connectionString) {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  return client;
}

export async function warmConnections(pool, count) {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  for (const client of clients) client.release();
}

// ---------------------------------------------------------------------------------------------
// The baseline: the minimal SQL for a transfer

/** The baseline's tables: accounts 0..count (0 is the fee row, starting empty) and entries. */
export async function createBaselineTables(pool, count, funds) {
  await pool.query(`
    CREATE TABLE bench_accounts (
      id      int PRIMARY KEY,
      balance bigint NOT NULL CHECK (balance >= 0)
    );
    CREATE TABLE bench_entries (
      id            bigserial PRIMARY KEY,
      account_id    int NOT NULL,
      amount        bigint NOT NULL,
      balance_after bigint NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    )`);
  await pool.query(
    `INSERT INTO bench_accounts (id, balance)
     SELECT n, CASE WHEN n = 0 THEN 0 ELSE ${funds} END FROM generate_series(0, $1::int) AS n`,
    [count],
  );
}

/**
 * The minimal SQL for a transfer as an application writes it, a statement per round trip: lock
 * the rows in id order, then per leg update the balance (its CHECK is the floor) and insert an
 * entry, then commit. `legs` are [account id, signed paise].
 */
export async function baselineTransfer(pool, legs) {
  legs.sort((a, b) => a[0] - b[0]);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'SELECT 1 FROM bench_accounts WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [legs.map(([id]) => id)],
    );
    for (const [id, amount] of legs) {
      const { rows } = await client.query(
        'UPDATE bench_accounts SET balance = balance + $2 WHERE id = $1 RETURNING balance',
        [id, amount],
      );
      await client.query(
        'INSERT INTO bench_entries (account_id, amount, balance_after) VALUES ($1, $2, $3)',
        [id, amount, rows[0].balance],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------
// Processes of the built API

/**
 * `node apps/api/dist/main.js` (role `api` or `all`) on a free port, or `worker.js` (role
 * `worker`); resolves once it says it is ready. With `processes`, `npm start`'s supervisor
 * (`dist/cluster.js`) instead: that many API processes on one port and one job worker, as
 * `npm start` runs them by default. `pids` are the processes that serve HTTP, to count CPU of:
 * the API processes and the supervisor, which accepts the connections (not the worker).
 */
export async function startApiProcess({ role = 'all', env, processes }) {
  const stateDir = mkdtempSync(join(os.tmpdir(), 'khata-bench-'));
  const clustered = processes !== undefined;
  const script = clustered ? 'cluster.js' : role === 'worker' ? 'worker.js' : 'main.js';
  // BENCH_API_NODE_ARGS: extra Node flags for the API process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`,
  // which NODE_OPTIONS does not take), to profile the process the benchmark drives.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, resolve(repoRoot, `apps/api/dist/${script}`)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        KHATA_STATE_DIR: stateDir,
        CONSOLE_DIST: '',
        ...(clustered
          ? { KHATA_API_PROCESSES: String(processes), KHATA_WORKERS: '1' }
          : { KHATA_PROCESS: role }),
        ...env,
      },
    },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stderr.on('data', keep);
  let exited = false;
  child.on('exit', () => (exited = true));
  // 'close' comes after the output is read to its end, so a failure's message is all there.
  const exit = new Promise((resolveExit) =>
    child.on('close', (code, signal) => resolveExit(code ?? signal)),
  );
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
  let children = [];
  const ready = clustered
    ? /running at http:\/\/localhost:(\d+)[\s\S]*Running \d+ API process(?:es)? on this port \(([\d, ]+)\)/
    : role === 'worker'
      ? /Khata worker is running/
      : /running at http:\/\/localhost:(\d+)/;
  try {
    const port = await new Promise((resolvePort, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${script} was not ready within 60 s:\n${output}`)),
        60_000,
      );
      child.stdout.on('data', (chunk) => {
        keep(chunk);
        const match = ready.exec(output);
        if (match) {
          clearTimeout(timer);
          resolvePort(match[1] ? Number(match[1]) : undefined);
          if (match[2]) children = match[2].split(', ').map(Number);
        }
      });
      exit.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`));
      });
    });
    return { port, pid: child.pid, pids: [child.pid, ...children], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function post(agent, port, path, body, headers = {}, method = 'POST') {
  const payload = JSON.stringify(body ?? {});
  return new Promise((resolveAnswer, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          latitude: '28.613900',
          longitude: '77.209000',
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolveAnswer({ status: response.statusCode, json, text });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export function isSuccess(answer) {
  return answer.status >= 200 && answer.status < 300 && answer.json?.success === true;
}

export function expectOk(answer, what) {
  if (!isSuccess(answer)) {
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return answer;
}

export async function deleteRedisKeys(redisUrl, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers and files

export function percentile(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function round(value, digits) {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export async function forEachLimit(items, limit, work) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  });
  await Promise.all(lanes);
}

export function numberFrom(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number; it is "${raw}".`);
  return value;
}

export function listFrom(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new Error(`${name} must be whole numbers separated by commas; it is "${raw}".`);
  }
  return values;
}

/** bench/results/<name>-<ISO time>.json */
export function writeResult(name, result) {
  const folder = resolve(repoRoot, 'bench/results');
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  const file = join(folder, `${name}-${result.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
