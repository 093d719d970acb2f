#!/usr/bin/env node
/**
 * `npm run compose:smoke`: builds the app image and runs docker-compose.yml for real, on the
 * host's network: the health check answers, the first admin signs in, a wallet transfer moves
 * money, and a payout is processed by the separate worker container (the API runs with
 * KHATA_PROCESS=api, which runs no jobs: the payout is seen to wait in `queued` until the worker
 * starts). Then `down -v`, whatever happened. Without a Docker engine it says it was skipped.
 *
 * Ports: KHATA_API_PORT, KHATA_POSTGRES_PORT, KHATA_REDIS_PORT, or free ones on 127.0.0.1.
 * KHATA_SMOKE_KEEP=1 leaves the stack up for a look (`docker-compose -p khata-smoke down -v`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = 'khata-smoke';
const image = process.env.KHATA_IMAGE ?? 'khata:local';
const startedAt = Date.now();

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const step = (text) => console.log(`compose smoke: ${text}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class SmokeFailure extends Error {}
function check(condition, message) {
  if (!condition) throw new SmokeFailure(message);
}

/** Runs a command with its output shown; throws with the command on a non-zero exit. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...options.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new SmokeFailure(`${command} ${args.join(' ')} exited with ${code}\n${output}`)),
    );
  });
}

function engineAnswers() {
  const answer = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return answer.status === 0 && answer.stdout.trim() !== '';
}

/** `docker compose` (v2) when the plugin is there, else Debian's `docker-compose` (v1). */
function composeCommand() {
  const ok = (command, args) =>
    spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 }).status === 0;
  if (ok('docker', ['compose', 'version'])) return ['docker', ['compose']];
  if (ok('docker-compose', ['version'])) return ['docker-compose', []];
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The environment compose reads: ports, the first admin and secrets made for this run. */
async function runEnvironment() {
  const { privateKey } = generateKeyPairSync('ed25519');
  const secret = () => randomBytes(32).toString('base64url');
  return {
    KHATA_IMAGE: image,
    KHATA_API_PORT: process.env.KHATA_API_PORT ?? String(await freePort()),
    KHATA_POSTGRES_PORT: process.env.KHATA_POSTGRES_PORT ?? String(await freePort()),
    KHATA_REDIS_PORT: process.env.KHATA_REDIS_PORT ?? String(await freePort()),
    // The `balancer` profile: a second API process and HAProxy in front of both (issue 29).
    KHATA_API2_PORT: String(await freePort()),
    KHATA_LB_PORT: String(await freePort()),
    KHATA_LB_STATS_PORT: String(await freePort()),
    // The HAProxy image is built FROM the Debian image images:build makes, where it made one.
    KHATA_DEBIAN_IMAGE: process.env.KHATA_DEBIAN_IMAGE ?? debianImage(),
    POSTGRES_PASSWORD: secret(),
    KHATA_APP_DB_PASSWORD: secret(),
    REDIS_PASSWORD: secret(),
    // A stack that moves no real money: the one way production takes the sandbox rail.
    RAIL_ADAPTER: 'sandbox',
    RAIL_SANDBOX_IN_PRODUCTION: 'true',
    ADMIN_MOBILE: `9${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    ADMIN_PASSWORD: `Smoke@${secret().slice(0, 12)}`,
    ADMIN_PIN: String(randomInt(1000, 10000)),
    JWT_SECRET: secret(),
    PIN_PEPPER: secret(),
    DATA_KEY: secret(),
    LOOKUP_KEY: secret(),
    LEDGER_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    METRICS_TOKEN: secret(),
  };
}

/** khata/debian:bookworm when images:build made it (no registry needed), else Debian's own. */
function debianImage() {
  const local = spawnSync('docker', ['image', 'inspect', 'khata/debian:bookworm'], {
    timeout: 20_000,
  });
  return local.status === 0 ? 'khata/debian:bookworm' : 'debian:bookworm-slim';
}

/**
 * The `balancer` profile (docs/operations.md, "Behind a load balancer"): a second API process,
 * a second worker and HAProxy started beside the running stack; the health answered through
 * HAProxy, both API processes UP in its stats and each one answering some of the requests.
 */
async function balancerProfile(composeRun, env) {
  const since = Date.now();
  step('the balancer profile: building the HAProxy image, then up api2 worker2 haproxy');
  await composeRun(['--profile', 'balancer', 'build', 'haproxy'], { quiet: true });
  await composeRun(['--profile', 'balancer', 'up', '-d', 'api2', 'worker2', 'haproxy'], {
    quiet: true,
  });
  const lb = `http://127.0.0.1:${env.KHATA_LB_PORT}`;
  const stats = async () => {
    const response = await fetch(`http://127.0.0.1:${env.KHATA_LB_STATS_PORT}/stats;csv`, {
      signal: AbortSignal.timeout(3000),
    });
    const [header, ...rows] = (await response.text()).replace(/^# /, '').trim().split('\n');
    const columns = header.split(',');
    return rows
      .map((row) => Object.fromEntries(row.split(',').map((cell, i) => [columns[i], cell])))
      .filter(
        (row) => row.svname !== 'FRONTEND' && row.svname !== 'BACKEND' && row.pxname !== 'stats',
      );
  };
  const servers = await waitFor('HAProxy did not see both API processes UP', 180_000, async () => {
    const rows = await stats();
    const up = rows.filter((row) => row.status === 'UP');
    return {
      done: up.length >= 2,
      value: rows,
      detail: rows.map((r) => `${r.svname} ${r.status}`).join(', '),
    };
  });
  for (let i = 0; i < 20; i++) {
    const health = await fetch(`${lb}/api/health`, { signal: AbortSignal.timeout(10_000) });
    check(health.ok, `GET /api/health through HAProxy answered ${health.status}`);
  }
  const served = (await stats()).map((row) => [row.svname, Number(row.stot)]);
  check(
    served.length >= 2 && served.every(([, sessions]) => sessions > 0),
    `HAProxy did not share the requests: ${JSON.stringify(served)}`,
  );
  step(
    `HAProxy on :${env.KHATA_LB_PORT} in ${seconds(since)}: ${servers.map((row) => row.svname).join(' and ')} UP; ` +
      `20 health checks through it shared ${served.map(([name, n]) => `${name} ${n}`).join(', ')}`,
  );
}

/**
 * CA certificates npm needs inside the build (a TLS-inspecting proxy): KHATA_BUILD_CA (a PEM
 * file), else the certificates this machine added to its own store, else none.
 */
function buildCa() {
  if (process.env.KHATA_BUILD_CA) return readFileSync(process.env.KHATA_BUILD_CA, 'utf8');
  const local = '/usr/local/share/ca-certificates';
  if (!existsSync(local)) return '';
  return readdirSync(local)
    .filter((name) => name.endsWith('.crt'))
    .map((name) => readFileSync(join(local, name), 'utf8'))
    .join('\n');
}

/** One JSON call to the API; answers status and body. */
async function call(base, path, { body, headers = {}, form } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: form ? headers : { 'content-type': 'application/json', ...headers },
    body: form ?? JSON.stringify(body ?? {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed };
}

function expectStatus(answer, status, what) {
  check(
    answer.status === status,
    `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`,
  );
  return answer.body;
}

async function waitFor(what, timeoutMs, probe) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      last = await probe();
      if (last.done) return last.value;
    } catch (error) {
      last = { detail: error.message };
    }
    await sleep(500);
  }
  throw new SmokeFailure(`${what} within ${timeoutMs / 1000} s (last: ${last?.detail ?? '—'})`);
}

/**
 * The app's database role (khata_app) writes rows but can neither change the schema nor switch
 * off the ledger's append-only triggers; Redis answers nothing without its password (issue 31).
 */
async function leastPrivilege(composeRun, redisPort) {
  const asApp = (sql) =>
    composeRun(
      [
        'exec',
        '-T',
        'postgres',
        'psql',
        '-U',
        'khata_app',
        '-d',
        'khata',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        sql,
      ],
      { quiet: true },
    ).then(
      () => 'allowed',
      (error) => error.message,
    );
  const rows = await asApp('SELECT count(*) FROM ledger_events');
  check(rows === 'allowed', `khata_app cannot read the ledger: ${rows}`);
  for (const sql of [
    'ALTER TABLE ledger_events DISABLE TRIGGER ALL',
    'DROP TABLE ledger_postings',
    'CREATE TABLE smoke (id int)',
    'UPDATE ledger_events SET type = type',
  ]) {
    const answer = await asApp(sql);
    check(
      /must be owner|permission denied|refuse|append-only/i.test(answer),
      `khata_app was not refused "${sql}": ${answer.slice(0, 300)}`,
    );
  }
  step(
    'khata_app reads the ledger but cannot alter it, drop it, switch off its triggers or create tables',
  );
  const redis = await composeRun(
    ['exec', '-T', '-e', 'REDISCLI_AUTH=', 'redis', 'redis-cli', '-p', redisPort, 'ping'],
    { quiet: true },
  ).catch((error) => error.message);
  check(/NOAUTH/.test(redis), `Redis answered without its password: ${redis.slice(0, 200)}`);
  step('Redis refuses a client without the password');
}

/** A 1×1 PNG: the KYC form wants an image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The portal's own flow over HTTP, as the console drives it. `startWorker` is called once the
 * payout is shown to wait without a worker; it must start one.
 */
export async function portalFlow(base, admin, { startWorker, waitWithoutWorkerMs = 4000 }) {
  const where = { latitude: '28.6139', longitude: '77.2090' };
  const signIn = async (mobile, password) =>
    expectStatus(
      await call(base, '/api/auth/login', { body: { mobile, password }, headers: where }),
      200,
      `sign-in of ${mobile}`,
    ).token;
  const bearer = (token) => ({ authorization: `Bearer ${token}` });
  const money = (token, pin) => ({ ...bearer(token), pin, 'idempotency-key': randomUUID() });
  const balanceOf = async (token) =>
    expectStatus(
      await call(base, '/api/user/checkBalance', { headers: bearer(token) }),
      200,
      'checkBalance',
    ).balance;

  const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
  check(health.ok, `GET /api/health answered ${health.status}`);
  step(`GET /api/health answers ${health.status} ${(await health.text()).slice(0, 120)}`);

  const adminToken = await signIn(admin.mobile, admin.password);
  step('the first admin signed in');

  const productKey = admin.productKey ?? 'khata';
  const newUser = async (label) => {
    const user = {
      mobile: `8${String(randomInt(0, 1e9)).padStart(9, '0')}`,
      password: `Smoke@${randomBytes(6).toString('hex')}`,
      pin: String(randomInt(1000, 10000)),
    };
    expectStatus(
      await call(base, '/api/admin/register-user', {
        body: {
          name: `Smoke ${label}`,
          mobile: user.mobile,
          role: `${productKey}Employee2`,
          shopName: `Smoke ${label} Store`,
          password: user.password,
          pin: user.pin,
        },
        headers: bearer(adminToken),
      }),
      201,
      `register-user ${label}`,
    );
    user.token = await signIn(user.mobile, user.password);
    return user;
  };
  const sender = await newUser('Sender');
  const receiver = await newUser('Receiver');
  step(`the admin registered two retailers (${sender.mobile}, ${receiver.mobile}); both signed in`);

  expectStatus(
    await call(base, '/api/admin/creditWallet', {
      body: { mobile: sender.mobile, amount: 1000, remark: 'compose smoke float' },
      headers: money(adminToken, admin.pin),
    }),
    200,
    'creditWallet',
  );
  check((await balanceOf(sender.token)) === 1000, 'the credited wallet does not show ₹1000');

  expectStatus(
    await call(base, '/api/user/sendMoneyToWallet', {
      body: { mobile: receiver.mobile, amount: 250.5, remark: 'compose smoke' },
      headers: money(sender.token, sender.pin),
    }),
    200,
    'sendMoneyToWallet',
  );
  const [senderAfter, receiverAfter] = [
    await balanceOf(sender.token),
    await balanceOf(receiver.token),
  ];
  check(
    senderAfter === 749.5 && receiverAfter === 250.5,
    `after the transfer the balances are ${senderAfter} and ${receiverAfter}, not 749.5 and 250.5`,
  );
  step('a transfer of ₹250.50 moved money: sender 1000 → 749.5, receiver 0 → 250.5');

  // Payouts wait for KYC: the sender sends it, the admin approves it.
  const form = new FormData();
  form.set('pan', 'ABCDE1234F');
  form.set('aadhaarLast4', '1234');
  form.set('shopPhoto', new Blob([PNG], { type: 'image/png' }), 'shop.png');
  expectStatus(
    await call(base, '/api/user/kyc', { form, headers: bearer(sender.token) }),
    200,
    'KYC submission',
  );
  const queue = expectStatus(
    await call(base, '/api/admin/kycQueue', {
      body: { state: 'submitted', pageSize: 100 },
      headers: bearer(adminToken),
    }),
    200,
    'kycQueue',
  );
  const submission = queue.data.find((entry) => entry.user?.mobile === sender.mobile);
  check(submission, 'the sender’s KYC is not in the admin’s queue');
  expectStatus(
    await call(base, '/api/admin/kycDecision', {
      body: { id: submission._id, action: 'approve' },
      headers: { ...bearer(adminToken), pin: admin.pin },
    }),
    200,
    'kycDecision',
  );

  const payee = { name: 'Asha Verma', account: '50100012345678', ifsc: 'HDFC0001234' };
  const beneficiary = await call(base, '/api/user/createBeneficiary', {
    body: {
      AccountNo: payee.account,
      IfscCode: payee.ifsc,
      name: payee.name,
      bankName: 'HDFC Bank',
      type: 'payout',
    },
    headers: bearer(sender.token),
  });
  expectStatus(beneficiary, 201, 'createBeneficiary');
  step('KYC approved by the admin and a beneficiary saved');

  const accepted = expectStatus(
    await call(base, '/api/payment/bankTransfer', {
      body: {
        amount: 100,
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.account,
        beneficiaryIfscCode: payee.ifsc,
        paymentMode: 'IMPS',
        type: 'payout',
      },
      headers: money(sender.token, sender.pin),
    }),
    200,
    'bankTransfer',
  );
  const payoutId = accepted.transactionRecord?._id;
  check(
    payoutId && accepted.transactionRecord.status === 'queued',
    `the payout was not accepted as queued: ${JSON.stringify(accepted).slice(0, 300)}`,
  );
  const statusOf = async () => {
    const listed = expectStatus(
      await call(base, '/api/user/checkLastTransaction', {
        body: { accountNumber: payee.account, ifsc: payee.ifsc },
        headers: bearer(sender.token),
      }),
      200,
      'checkLastTransaction',
    );
    return listed.data?.find((record) => record._id === payoutId)?.status;
  };

  await sleep(waitWithoutWorkerMs);
  const waiting = await statusOf();
  check(
    waiting === 'queued',
    `with no worker running the payout is "${waiting}": the API process ran the job itself`,
  );
  step(
    `payout ${payoutId} of ₹100 accepted; still queued after ${waitWithoutWorkerMs / 1000} s with no worker`,
  );

  await startWorker();
  const started = Date.now();
  await waitFor('the payout was not processed', 90_000, async () => {
    const status = await statusOf();
    return { done: status === 'processed', detail: status };
  });
  const senderPaid = await balanceOf(sender.token);
  check(
    senderPaid <= 749.5 - 100,
    `after the payout the sender shows ${senderPaid}, not at most 649.5`,
  );
  step(`the worker processed the payout in ${seconds(started)}; sender balance ${senderPaid}`);
  return { payoutId };
}

async function main() {
  if (!engineAnswers()) {
    console.log('compose smoke: skipped (no Docker engine)');
    return;
  }
  const compose = composeCommand();
  if (!compose) {
    throw new SmokeFailure(
      'a Docker engine answers but neither `docker compose` nor `docker-compose` is installed (apt-get install docker-compose)',
    );
  }
  const [composeBin, composeArgs] = compose;
  const env = await runEnvironment();
  const composeRun = (args, options = {}) =>
    run(composeBin, [...composeArgs, '-p', project, '-f', 'docker-compose.yml', ...args], {
      ...options,
      env,
    });

  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
  if (scripts['images:build']) {
    step('base images (npm run images:build)');
    await run('npm', ['run', '--silent', 'images:build']);
  }
  let since = Date.now();
  step(`building ${image} (docker build --network host --target api)`);
  const ca = buildCa();
  await run(
    'docker',
    ['build', '--network', 'host', '--target', 'api', '-t', image]
      .concat(ca ? ['--build-arg', `NPM_EXTRA_CA=${ca}`] : [])
      .concat('.'),
    { quiet: true },
  );
  step(`built ${image} in ${seconds(since)}`);

  let passed = false;
  try {
    await composeRun(['down', '-v', '--remove-orphans'], { quiet: true });
    since = Date.now();
    step(
      `${[composeBin, ...composeArgs].join(' ')} -p ${project} up -d postgres redis api ` +
        `(API :${env.KHATA_API_PORT}, Postgres :${env.KHATA_POSTGRES_PORT}, Redis :${env.KHATA_REDIS_PORT}, host network)`,
    );
    await composeRun(['up', '-d', 'postgres', 'redis', 'api'], { quiet: true });
    const base = `http://127.0.0.1:${env.KHATA_API_PORT}`;
    await waitFor('the API did not answer /api/health', 180_000, async () => {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3000) });
      return { done: response.ok, detail: `HTTP ${response.status}` };
    });
    step(`the API is up in ${seconds(since)}`);

    const { payoutId } = await portalFlow(
      base,
      { mobile: env.ADMIN_MOBILE, password: env.ADMIN_PASSWORD, pin: env.ADMIN_PIN },
      {
        startWorker: async () => {
          step('starting the worker container');
          await composeRun(['up', '-d', '--no-deps', 'worker'], { quiet: true });
        },
      },
    );
    // GET /metrics is the scraper's, beside the console the image serves (issue 31: it was
    // answered with the console's index.html, 200, token or not).
    const unscraped = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(10_000) });
    check(unscraped.status === 401, `GET /metrics without the token answered ${unscraped.status}`);
    const scraped = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
      signal: AbortSignal.timeout(10_000),
    });
    const metrics = await scraped.text();
    check(
      scraped.ok && metrics.includes('# TYPE'),
      `GET /metrics with the token answered ${scraped.status} ${metrics.slice(0, 80)}`,
    );
    step(`GET /metrics: 401 without the token, ${metrics.split('\n').length} lines with it`);
    const workerLogs = await composeRun(['logs', '--no-color', 'worker'], { quiet: true });
    check(workerLogs.includes(payoutId), `the worker's log does not mention payout ${payoutId}`);
    const apiLogs = await composeRun(['logs', '--no-color', 'api'], { quiet: true });
    check(
      !new RegExp(`Payout ${payoutId} .*→`).test(apiLogs),
      `the API's log shows it moving payout ${payoutId}`,
    );
    step('the worker container’s log shows the payout moving; the API’s does not');
    await leastPrivilege(composeRun, env.KHATA_REDIS_PORT);
    await balancerProfile(composeRun, env);
    passed = true;
  } finally {
    if (!passed) {
      console.log('compose smoke: the last log lines of each service:');
      await composeRun(['logs', '--no-color', '--tail', '40'], {}).catch(() => undefined);
    }
    if (process.env.KHATA_SMOKE_KEEP === '1') {
      step(
        `left running (KHATA_SMOKE_KEEP=1): ${composeBin} ${composeArgs.join(' ')} -p ${project} down -v`,
      );
    } else {
      await composeRun(['--profile', 'balancer', 'down', '-v', '--remove-orphans'], {
        quiet: true,
      }).catch((error) => console.error(`compose smoke: down -v failed: ${error.message}`));
      step('down -v');
    }
  }
  console.log(`compose smoke: passed in ${seconds(startedAt)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(
      `compose smoke: failed: ${error instanceof SmokeFailure ? error.message : error.stack}`,
    );
    console.error(`compose smoke: failed after ${seconds(startedAt)}`);
    process.exitCode = 1;
  });
}
