// HAProxy in front of two API processes, as `npm run balancer`, `npm run bench:balancer` and
// tests/integration/balancer.test.ts run it: docker/haproxy/haproxy.cfg filled from the
// environment, the runtime API on a unix socket, the stats page for the servers' states.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const haproxyConfig = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../docker/haproxy/haproxy.cfg',
);

/** Whether Debian's haproxy is installed (`apt-get install -y haproxy`). */
export function haproxyInstalled() {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** The variables docker/haproxy/haproxy.cfg reads. */
export function haproxyEnv({ port, apiPorts, statsPort, socket, address = '127.0.0.1' }) {
  return {
    KHATA_LB_ADDRESS: address,
    KHATA_LB_PORT: String(port),
    KHATA_API_HOST: '127.0.0.1',
    KHATA_API1_PORT: String(apiPorts[0]),
    KHATA_API2_PORT: String(apiPorts[1]),
    KHATA_LB_STATS_PORT: String(statsPort),
    KHATA_LB_SOCKET: socket,
  };
}

/**
 * `haproxy -db` (in the foreground of its own process) with the config; resolves once its stats
 * page answers. `logFile` takes its output (else it is kept for a failure's message);
 * `detached` lets it outlive this process (`npm run balancer`).
 */
export async function startHaproxy(options) {
  const { logFile, detached = false } = options;
  const check = spawnSync('haproxy', ['-c', '-q', '-f', haproxyConfig], {
    env: { ...process.env, ...haproxyEnv(options) },
    encoding: 'utf8',
  });
  if (check.status !== 0) {
    throw new Error(`haproxy refused ${haproxyConfig}:\n${check.stdout}${check.stderr}`);
  }
  const out = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  if (out) await new Promise((resolve) => out.once('open', resolve));
  const child = spawn('haproxy', ['-db', '-f', haproxyConfig], {
    env: { ...process.env, ...haproxyEnv(options) },
    stdio: ['ignore', out ?? 'pipe', out ?? 'pipe'],
    detached,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-10_000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-10_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitFor(
      async () => (await fetchStats(options.statsPort).catch(() => undefined)) !== undefined,
      10_000,
      () => `haproxy's stats page on :${options.statsPort} did not answer:\n${output}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  if (detached) child.unref();
  return { process: child, pid: child.pid, output: () => output, stop };
}

/** One command of HAProxy's runtime API (`set server api/api1 state drain`); answers its reply. */
export function haproxyCommand(socket, command) {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let reply = '';
    connection.on('data', (chunk) => (reply += chunk));
    connection.on('error', reject);
    connection.on('end', () => resolve(reply.trim()));
    connection.write(`${command}\n`);
  });
}

async function fetchStats(statsPort) {
  const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
  if (!response.ok) throw new Error(`stats answered ${response.status}`);
  return response.text();
}

/**
 * The API servers' rows of HAProxy's stats page, by server: `{ api1: { status: 'UP', hrsp_2xx:
 * '12', … } }` (statuses also `DOWN`, `MAINT`, `DRAIN`, `UP 1/2` while a check rises…).
 */
export async function serverStats(statsPort) {
  const [header, ...rows] = (await fetchStats(statsPort)).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const servers = {};
  for (const row of rows) {
    const fields = Object.fromEntries(row.split(',').map((value, i) => [columns[i], value]));
    if (fields.pxname === 'api' && /^api\d$/.test(fields.svname)) servers[fields.svname] = fields;
  }
  return servers;
}

/** The API servers' states as HAProxy sees them: `{ api1: 'UP', api2: 'DOWN' }`. */
export async function serverStates(statsPort) {
  const servers = await serverStats(statsPort);
  return Object.fromEntries(Object.entries(servers).map(([name, row]) => [name, row.status]));
}

/** Waits until HAProxy says `server` is `state` (exactly: `UP`, `DOWN`, `MAINT`…). */
export function serverReaches(statsPort, server, state, timeoutMs = 15_000) {
  return waitFor(
    async () => (await serverStates(statsPort))[server] === state,
    timeoutMs,
    () => `HAProxy did not mark ${server} ${state} within ${timeoutMs} ms`,
  );
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(condition, timeoutMs, message) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
