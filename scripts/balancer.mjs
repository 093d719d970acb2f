#!/usr/bin/env node
/**
 * `npm run balancer`: the portal (built first, as `npm start` does; KHATA_BALANCER_BUILD=0 skips
 * it) behind HAProxy on one host, in the background: two API
 * processes (KHATA_PROCESS=api) on their own ports, two job workers, and Debian's haproxy in front
 * (docker/haproxy/haproxy.cfg), then it prints where each one is and exits.
 * `npm run balancer -- --stop` stops them all (HAProxy first, then the API processes and
 * workers, each with SIGTERM: requests and jobs finish).
 *
 *   --port N          where clients connect (KHATA_LB_PORT, 3000)
 *   --api-ports A,B   the two API processes (KHATA_API1_PORT, KHATA_API2_PORT; 3001,3002)
 *   --stats-port N    HAProxy's stats page on 127.0.0.1 (KHATA_LB_STATS_PORT, 3009)
 *
 * The processes read the rest of their configuration from the environment as `npm start` does
 * (NODE_ENV development and the demo seed unless set; DATABASE_URL, REDIS_URL…; README
 * "Configuration"). Their output goes to
 * <KHATA_STATE_DIR or .khata>/balancer/*.log; HAProxy's runtime socket is haproxy.sock there
 * (docs/operations.md, "Behind a load balancer").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from '../apps/api/scripts/workspace.mjs';
import { haproxyInstalled, serverReaches, startHaproxy } from './lib/haproxy.mjs';

const root = resolve(import.meta.dirname, '..');
const stateDir = process.env.KHATA_STATE_DIR ?? join(root, '.khata');
const folder = join(stateDir, 'balancer');
const processesFile = join(folder, 'processes.json');

const { values } = parseArgs({
  options: {
    stop: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.KHATA_LB_PORT ?? '3000' },
    'api-ports': {
      type: 'string',
      default: `${process.env.KHATA_API1_PORT ?? '3001'},${process.env.KHATA_API2_PORT ?? '3002'}`,
    },
    'stats-port': { type: 'string', default: process.env.KHATA_LB_STATS_PORT ?? '3009' },
  },
});

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function stopAll(started) {
  // HAProxy first: no new request reaches a process that is stopping.
  for (const { name, pid } of started) {
    if (!alive(pid)) continue;
    process.kill(pid, 'SIGTERM');
    if (name === 'haproxy') while (alive(pid)) await sleep(100);
  }
  const deadline = Date.now() + 35_000;
  while (started.some(({ pid }) => alive(pid)) && Date.now() < deadline) await sleep(200);
  for (const { name, pid } of started.filter(({ pid }) => alive(pid))) {
    console.log(`balancer: ${name} (${pid}) still running after 35 s: killed`);
    process.kill(pid, 'SIGKILL');
  }
}

function readStarted() {
  if (!existsSync(processesFile)) return [];
  return JSON.parse(readFileSync(processesFile, 'utf8')).processes;
}

if (values.stop) {
  const started = readStarted();
  if (!started.length) console.log('balancer: nothing to stop.');
  await stopAll(started);
  rmSync(processesFile, { force: true });
  if (started.length) console.log('balancer: stopped.');
  process.exit(0);
}

const port = Number(values.port);
const apiPorts = values['api-ports'].split(',').map(Number);
const statsPort = Number(values['stats-port']);
if (apiPorts.length !== 2 || ![port, statsPort, ...apiPorts].every(Number.isInteger)) {
  console.error('balancer: --port and --stats-port take a port, --api-ports two (3001,3002).');
  process.exit(2);
}
if (readStarted().some(({ pid }) => alive(pid))) {
  console.error(
    `balancer: already running (${processesFile}): \`npm run balancer -- --stop\` first.`,
  );
  process.exit(1);
}
// As `npm start`: the demo on your machine unless NODE_ENV says otherwise; built first.
process.env.NODE_ENV ??= 'development';
process.env.SEED_DEMO ??= process.env.NODE_ENV === 'development' ? 'true' : 'false';
if (process.env.KHATA_BALANCER_BUILD !== '0') {
  try {
    build();
  } catch (error) {
    console.error(`balancer: ${error.message}`);
    process.exit(1);
  }
}
if (!haproxyInstalled()) {
  console.error('balancer: haproxy is not installed: `apt-get install -y haproxy` (Debian).');
  process.exit(1);
}

mkdirSync(folder, { recursive: true });
const started = [];
const remember = (name, pid) => {
  started.push({ name, pid });
  writeFileSync(processesFile, `${JSON.stringify({ processes: started }, null, 2)}\n`);
};

/** One process of the built API, detached, its output in <name>.log. */
function startNode(name, script, env) {
  const log = join(folder, `${name}.log`);
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, [join(root, 'apps/api/dist', script)], {
    cwd: root,
    env: { ...process.env, KHATA_STATE_DIR: stateDir, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.unref();
  remember(name, child.pid);
  return { name, pid: child.pid, log };
}

/** Waits until the process's log says `ready`; fails with its log if it exits first. */
async function ready({ name, pid, log }, pattern) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const output = readFileSync(log, 'utf8');
    if (pattern.test(output)) return;
    if (!alive(pid) || Date.now() > deadline) {
      throw new Error(`${name} did not start (${log}):\n${output.slice(-3000)}`);
    }
    await sleep(200);
  }
}

try {
  const api = (index) =>
    startNode(`api${index + 1}`, 'main.js', {
      KHATA_PROCESS: 'api',
      PORT: String(apiPorts[index]),
    });
  const worker = (index) =>
    startNode(`worker${index + 1}`, 'worker.js', { KHATA_PROCESS: 'worker' });
  const running = /running at http:\/\/localhost:\d+/;
  const working = /Khata worker is running/;
  // The first process alone: in development it creates .khata's secrets, which all must share,
  // and it migrates; the others then find both done.
  const first = api(0);
  await ready(first, running);
  const rest = [api(1), worker(0), worker(1)];
  await Promise.all(
    rest.map((each) => ready(each, each.name.startsWith('api') ? running : working)),
  );

  const haproxy = await startHaproxy({
    port,
    apiPorts,
    statsPort,
    socket: join(folder, 'haproxy.sock'),
    address: process.env.KHATA_LB_ADDRESS ?? '0.0.0.0',
    logFile: join(folder, 'haproxy.log'),
    detached: true,
  });
  remember('haproxy', haproxy.pid);
  await Promise.all([
    serverReaches(statsPort, 'api1', 'UP'),
    serverReaches(statsPort, 'api2', 'UP'),
  ]);
  // HAProxy goes first when stopping.
  started.unshift(started.pop());
  writeFileSync(processesFile, `${JSON.stringify({ processes: started }, null, 2)}\n`);

  const pids = (prefix) =>
    started
      .filter(({ name }) => name.startsWith(prefix))
      .map(({ pid }) => pid)
      .join(', ');
  console.log(
    [
      `Khata is running behind HAProxy at http://localhost:${port}  (health at /api/health)`,
      `  API processes  :${apiPorts[0]}, :${apiPorts[1]}  (pids ${pids('api')})`,
      `  job workers    pids ${pids('worker')}`,
      `  HAProxy        pid ${haproxy.pid}; stats http://127.0.0.1:${statsPort}/stats;` +
        ` runtime socket ${join(folder, 'haproxy.sock')}`,
      `  logs           ${folder}/*.log`,
      'Stop them all with `npm run balancer -- --stop`.',
    ].join('\n'),
  );
  process.exit(0);
} catch (error) {
  console.error(`balancer: ${error.message}`);
  await stopAll(started);
  rmSync(processesFile, { force: true });
  process.exit(1);
}
