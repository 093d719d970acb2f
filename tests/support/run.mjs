// Names and servers of one test run, in plain JavaScript: Jest's global setup and teardown
// load without its module mapping, and the browser tests' config uses them too.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';

export const newRunId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
export const databasePrefix = (runId) => `khata_t_${runId}`;
export const templateDatabase = (runId) => `${databasePrefix(runId)}_tpl`;
export const redisPrefix = (runId) => `khata-t-${runId}`;

/** Hands the run to every test process through the environment. */
export function publishTestRun(run) {
  process.env.KHATA_TEST_RUN = run.runId;
  process.env.KHATA_TEST_RUN_POSTGRES = run.postgresUrl;
  process.env.KHATA_TEST_RUN_REDIS = run.redisUrl;
}

export function currentTestRun() {
  const {
    KHATA_TEST_RUN: runId,
    KHATA_TEST_RUN_POSTGRES: postgresUrl,
    KHATA_TEST_RUN_REDIS: redisUrl,
  } = process.env;
  if (!runId || !postgresUrl || !redisUrl) {
    throw new Error(
      'No test run: run the tests through `npm test` (the global setup prepares it).',
    );
  }
  return { runId, postgresUrl, redisUrl };
}

export const TEST_IMAGES = {
  postgres: process.env.KHATA_TEST_POSTGRES_IMAGE ?? 'postgres:15-bookworm',
  redis: process.env.KHATA_TEST_REDIS_IMAGE ?? 'redis:7-bookworm',
};
const LOCAL_SERVERS = () => ({
  postgresUrl: process.env.KHATA_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  redisUrl: process.env.KHATA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
});
/** The label on every test container; its value is the process that started it. */
const CONTAINER_LABEL = 'khata.test-servers';

/**
 * Which servers a run uses, decided from the environment and what the engine can do (its calls
 * injected, so tests/medium/test-servers.test.ts drives every branch):
 * - `KHATA_TEST_SERVERS=local` (or the older `KHATA_TEST_NO_CONTAINERS=1`): the local servers.
 * - No engine answering: the local servers; forced `containers`: an error.
 * - An engine: containers from images it has (local tags first) or can pull; when it can get
 *   neither, one line says why and the local servers serve, unless `containers` was forced.
 * Returns `{ kind: 'containers' | 'local', reason }`; throws only when a forced choice cannot be met.
 */
export async function chooseTestServers({ env = process.env, engine, images = TEST_IMAGES }) {
  const forced = env.KHATA_TEST_SERVERS || (env.KHATA_TEST_NO_CONTAINERS === '1' ? 'local' : '');
  if (forced && forced !== 'local' && forced !== 'containers') {
    throw new Error(
      `KHATA_TEST_SERVERS=${forced} is not a choice: use containers or local (or leave it unset).`,
    );
  }
  if (forced === 'local') return { kind: 'local', reason: 'asked for by KHATA_TEST_SERVERS' };
  if (!(await engine.answers())) {
    if (forced) {
      throw new Error(
        `KHATA_TEST_SERVERS=containers, but no Docker engine answers at ${engine.where}.`,
      );
    }
    return { kind: 'local', reason: 'no Docker engine answers' };
  }
  for (const image of Object.values(images)) {
    if (await engine.hasImage(image)) continue;
    const pulled = await engine.pull(image).then(
      () => null,
      (error) => error,
    );
    if (!pulled) continue;
    const why =
      `Docker engine answers but has no ${image} image and cannot pull it ` +
      `(${oneLine(pulled.message)}; docker/images/build.sh builds it)`;
    if (forced) throw new Error(`KHATA_TEST_SERVERS=containers, but the ${why}.`);
    return { kind: 'local', reason: `${why}: using the local servers` };
  }
  return {
    kind: 'containers',
    reason: `${Object.values(images).join(' and ')} on ${engine.where}`,
  };
}

const oneLine = (text) => String(text).replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Postgres and Redis for the run, as chooseTestServers decides: containers with host
 * networking, each on a free loopback port of its own and labelled with the run, or the local
 * servers. Prints one line saying which, and why.
 */
export async function startTestServers({ runId } = {}) {
  const engine = dockerEngine();
  const choice = await chooseTestServers({ engine });
  const label = `test servers: ${choice.kind === 'containers' ? 'containers' : 'local servers'} (${choice.reason})`;
  console.log(`\n${label}`);
  if (choice.kind === 'local')
    return { ...LOCAL_SERVERS(), kind: 'local', label, stop: async () => undefined };
  await engine.removeOrphans();
  return { ...(await startContainers(runId)), kind: 'containers', label };
}

async function startContainers(runId = 'adhoc') {
  // Ryuk, Testcontainers' reaper, is an image of its own that an offline engine cannot pull and
  // that needs a bridge network: the run removes its containers itself (stopRunContainers),
  // and a crashed run's are removed by the next (removeOrphans).
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  // Host networking: the containers are on this machine's loopback. Without this, Testcontainers
  // run inside a container (as CI may be) looks for the `bridge` network's gateway, and fails.
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgresPort, redisPort] = await freePorts(2);
  const labels = { [CONTAINER_LABEL]: String(process.pid), 'khata.test-run': runId };
  const [postgres, redis] = await Promise.all([
    new GenericContainer(TEST_IMAGES.postgres)
      .withNetworkMode('host')
      .withLabels(labels)
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withSharedMemorySize(512 * 1024 * 1024)
      .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
      // The tests' own settings: a throwaway database on loopback only, never synced to disk.
      .withCommand([
        ...['-p', String(postgresPort), '-c', 'listen_addresses=127.0.0.1'],
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
        ...['-c', 'max_connections=200'],
      ])
      // Once for the set-up server, once for the real one (as with the official image).
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .withStartupTimeout(120_000)
      .start(),
    new GenericContainer(TEST_IMAGES.redis)
      .withNetworkMode('host')
      .withLabels(labels)
      .withCommand([
        '--bind',
        '127.0.0.1',
        '--port',
        String(redisPort),
        '--save',
        '',
        '--appendonly',
        'no',
      ])
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .withStartupTimeout(60_000)
      .start(),
  ]);
  return {
    postgresUrl: `postgres://postgres@127.0.0.1:${postgresPort}`,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    stop: async () => {
      await Promise.all([postgres.stop({ timeout: 5_000 }), redis.stop({ timeout: 5_000 })]);
    },
  };
}

/** Removes the run's containers from any process (the browser tier's teardown has no handle). */
export async function stopRunContainers(runId) {
  const engine = dockerEngine();
  if (!(await engine.answers())) return;
  await engine.removeContainers({ label: [`khata.test-run=${runId}`] });
}

function freePorts(count) {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = createServer();
          server.unref();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
          });
        }),
    ),
  );
}

/** The few Docker engine calls the chooser needs, on its Unix socket. */
export function dockerEngine({ socketPath = dockerSocket(), pullStartMs = 15_000 } = {}) {
  const call = (method, path, { timeout = 5_000, onData, signal } = {}) =>
    new Promise((resolve, reject) => {
      const req = request({ socketPath, method, path, timeout, signal }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
          onData?.(chunk, req);
        });
        response.on('end', () => resolve({ status: response.statusCode, body }));
        response.on('error', reject);
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error(`no answer in ${timeout / 1000} s`)));
      req.end();
    });
  return {
    where: socketPath,
    answers: async () => {
      if (!existsSync(socketPath)) return false;
      return call('GET', '/_ping', { timeout: 2_000 }).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    hasImage: async (image) =>
      (await call('GET', `/images/${encodeURIComponent(image)}/json`)).status === 200,
    // A pull that has not started downloading within pullStartMs gives up (an offline engine
    // fails at once on the registry's name; a slow one is not waited for); one that has can
    // take its time.
    pull: async (image) => {
      const [fromImage, tag = 'latest'] = splitTag(image);
      let started = false;
      const abort = new AbortController();
      const query = `fromImage=${encodeURIComponent(fromImage)}&tag=${encodeURIComponent(tag)}`;
      const pulling = call('POST', `/images/create?${query}`, {
        timeout: 600_000,
        signal: abort.signal,
        onData: (chunk) => {
          if (/"(Downloading|Pulling fs layer|Already exists)"/.test(chunk)) started = true;
        },
      });
      let timer;
      const gaveUp = new Promise((_, reject) => {
        timer = setTimeout(() => {
          if (started) return;
          abort.abort();
          reject(new Error(`the pull did not start in ${pullStartMs / 1000} s`));
        }, pullStartMs);
      });
      pulling.catch(() => undefined);
      const { status, body } = await Promise.race([pulling, gaveUp]).finally(() =>
        clearTimeout(timer),
      );
      const error = body.split('\n').find((line) => line.includes('"error"'));
      if (status !== 200 || error) {
        // A refusal is one JSON object ({"message"}); a failure mid-stream a line {"error"}.
        const parsed = (text) => {
          try {
            const json = JSON.parse(text);
            return json.error ?? json.message;
          } catch {
            return undefined;
          }
        };
        throw new Error(parsed(error ?? body) ?? (body.trim() || `HTTP ${status}`));
      }
    },
    removeContainers: async (filters) => {
      const query = encodeURIComponent(JSON.stringify(filters));
      const { body } = await call('GET', `/containers/json?all=true&filters=${query}`);
      const found = JSON.parse(body);
      await Promise.all(
        found.map((c) =>
          call('DELETE', `/containers/${c.Id}?force=true&v=true`, { timeout: 30_000 }),
        ),
      );
      return found;
    },
    // Containers of test runs whose process is gone (killed, crashed): removed before a new run.
    removeOrphans: async function () {
      const query = encodeURIComponent(JSON.stringify({ label: [CONTAINER_LABEL] }));
      const { body } = await call('GET', `/containers/json?all=true&filters=${query}`);
      const orphans = JSON.parse(body).filter(
        (c) => !processAlive(Number(c.Labels[CONTAINER_LABEL])),
      );
      await Promise.all(
        orphans.map((c) =>
          call('DELETE', `/containers/${c.Id}?force=true&v=true`, { timeout: 30_000 }),
        ),
      );
    },
  };
}

function splitTag(image) {
  const at = image.lastIndexOf(':');
  return at > image.lastIndexOf('/') ? [image.slice(0, at), image.slice(at + 1)] : [image];
}

function processAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function dockerSocket() {
  const host = process.env.DOCKER_HOST;
  return host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock';
}

/** Drops every database and Redis key the run made, even those a crashed test left behind. */
export async function cleanUpTestRun(run) {
  const { default: pg } = await import('pg');
  const { Redis } = await import('ioredis');
  const client = new pg.Client({ connectionString: `${run.postgresUrl}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT datname FROM pg_database WHERE datname LIKE $1 || '\\_%'",
      [databasePrefix(run.runId)],
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
  const redis = new Redis(run.redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${redisPrefix(run.runId)}*`,
        'COUNT',
        500,
      );
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
