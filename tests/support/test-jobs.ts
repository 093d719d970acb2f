import 'reflect-metadata';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'nestjs-pino';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../../apps/api/src/app.module.js';
import { loadConfig, type AppConfig } from '../../apps/api/src/config/config.js';
import { JOB_QUEUE_NAME, JobQueue } from '../../apps/api/src/jobs/job-queue.js';
import { createTestDatabase } from './databases.js';
import { currentTestRun, redisPrefix } from './run.mjs';

export interface TestJobsProcess {
  app: INestApplicationContext;
  config: AppConfig;
  jobs: JobQueue;
  /** A plain BullMQ handle on the same queue, to look at job states from outside. */
  inspect: Queue;
  /** Closes the application (as SIGTERM would) without dropping anything. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real application module without an HTTP listener, as `worker.ts` runs it, plus
 * test-only modules (job handlers). `env` sets the role (KHATA_PROCESS); `sharing` puts a
 * second process on the first one's database and Redis prefix, as a real deployment would.
 */
export async function startJobsProcess({
  modules = [],
  env = {},
  sharing,
}: {
  modules?: Type[];
  env?: NodeJS.ProcessEnv;
  sharing?: TestJobsProcess;
} = {}): Promise<TestJobsProcess> {
  const run = currentTestRun();
  const database = sharing ? undefined : await createTestDatabase(run);
  const config = loadConfig({
    env: {
      NODE_ENV: 'test',
      // The demo network some tests sign in as (SEED_DEMO is off unless asked).
      SEED_DEMO: 'true',
      DATABASE_URL: sharing?.config.databaseUrl ?? database!.url,
      REDIS_URL: run.redisUrl,
      REDIS_PREFIX:
        sharing?.config.redisPrefix ?? `${redisPrefix(run.runId)}-${database!.name.slice(-8)}`,
      CONSOLE_DIST: '',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stateDir: mkdtempSync(join(tmpdir(), 'khata-test-')),
  });

  // Compiled, then initialised apart, so a refused start-up (what some tests wait for) can
  // still be closed: NestFactory would leave its connections open.
  const app = await Test.createTestingModule({
    imports: [AppModule.forRoot(config), ...modules],
  }).compile();
  app.useLogger(app.get(Logger));
  try {
    await app.init();
  } catch (error) {
    await app.close();
    await database?.drop();
    throw error;
  }

  const connection = new Redis(config.redisUrl);
  const inspect = new Queue(JOB_QUEUE_NAME, { connection, prefix: config.redisPrefix });
  // Quitting a connection still in its ready check leaves ioredis a 2 s timer to finish.
  await inspect.waitUntilReady();
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= app.close());
  return {
    app,
    config,
    jobs: app.get(JobQueue),
    inspect,
    stop,
    close: async () => {
      await stop();
      await inspect.close();
      await connection.quit();
      await database?.drop();
    },
  };
}

/** Polls until `read` returns something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Nothing came within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every key of the test Redis that matches `pattern`, whatever its prefix. */
export async function redisKeys(redisUrl: string, pattern: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  const keys: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
  return keys;
}
