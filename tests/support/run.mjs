// Names and servers of one test run, in plain JavaScript: Jest's global setup and teardown
// load without its module mapping, and the browser tests' config uses them too.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';

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

/**
 * Postgres and Redis for the run: containers when a Docker engine answers (Testcontainers 11;
 * 12 does not load on Node 20), the local servers otherwise.
 */
export async function startTestServers() {
  if (await dockerEngineAnswers()) return startContainers();
  return {
    postgresUrl: process.env.KHATA_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
    redisUrl: process.env.KHATA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    stop: async () => undefined,
  };
}

async function startContainers() {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, redis] = await Promise.all([
    new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
  ]);
  return {
    postgresUrl: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    stop: async () => {
      await Promise.all([postgres.stop(), redis.stop()]);
    },
  };
}

function dockerEngineAnswers() {
  if (process.env.KHATA_TEST_NO_CONTAINERS === '1') return Promise.resolve(false);
  const socketPath = process.env.DOCKER_HOST?.startsWith('unix://')
    ? process.env.DOCKER_HOST.slice('unix://'.length)
    : '/var/run/docker.sock';
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const ping = request({ socketPath, path: '/_ping', timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    ping.on('error', () => resolve(false));
    ping.on('timeout', () => {
      ping.destroy();
      resolve(false);
    });
    ping.end();
  });
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
