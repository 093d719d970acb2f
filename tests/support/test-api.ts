import 'reflect-metadata';
import pg from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type AppConfig } from '../../apps/api/src/config/config.js';
import type { Clock } from '../../apps/api/src/common/clock.js';
import type { HostResolver } from '../../apps/api/src/net/host-resolver.js';
import { createApp } from '../../apps/api/src/create-app.js';
import { checkAnswer, checkAnswersOf, forgetAnswersOf } from './contract.js';
import { createTestDatabase } from './databases.js';
import { currentTestRun, redisPrefix } from './run.mjs';

/** What the data helpers need: the application (with or without HTTP), its config, its database. */
export interface TestContext {
  app: INestApplicationContext;
  config: AppConfig;
  databaseUrl: string;
}

export interface TestApi extends TestContext {
  url: string;
  app: NestExpressApplication;
  close(): Promise<void>;
}

/**
 * The real application, as `main.ts` builds it, on a random port, with a database of its own
 * and the run's Redis prefix. `env` overrides configuration the way the environment would.
 */
export async function startTestApi(
  env: NodeJS.ProcessEnv = {},
  {
    sharing,
    clock,
    hostResolver,
  }: { sharing?: TestApi; clock?: Clock; hostResolver?: HostResolver } = {},
): Promise<TestApi> {
  const run = currentTestRun();
  // A second process of the same deployment shares the first one's database, Redis prefix
  // and secrets; the first one drops the database.
  const database = sharing
    ? { url: sharing.databaseUrl, drop: async () => undefined }
    : await createTestDatabase(run);
  const config = loadConfig({
    env: {
      NODE_ENV: 'test',
      // The demo network some tests sign in as (SEED_DEMO is off unless asked).
      SEED_DEMO: 'true',
      DATABASE_URL: database.url,
      REDIS_URL: run.redisUrl,
      REDIS_PREFIX:
        sharing?.config.redisPrefix ?? `${redisPrefix(run.runId)}-${database.url.slice(-8)}`,
      ...(sharing && {
        JWT_SECRET: sharing.config.jwtSecret.reveal(),
        PIN_PEPPER: sharing.config.pinPepper.reveal(),
        DATA_KEY: sharing.config.dataKey.reveal(),
        LOOKUP_KEY: sharing.config.lookupKey.reveal(),
        LEDGER_SIGNING_KEY: pkcs8(sharing.config.ledgerSigningKey),
      }),
      CONSOLE_DIST: '',
      LOG_LEVEL: 'silent',
      // The tests' webhook receivers listen on this machine, an address production never reaches.
      WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1',
      ...env,
    },
    stateDir: mkdtempSync(join(tmpdir(), 'khata-test-')),
  });
  const app = await createApp(config, { clock, hostResolver });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  checkAnswersOf(url, app);
  return {
    url,
    app,
    config,
    databaseUrl: database.url,
    close: async () => {
      forgetAnswersOf(url);
      await app.close();
      await database.drop();
    },
  };
}

/** A private key as LEDGER_SIGNING_KEY takes it, for a second process of one deployment. */
export function pkcs8(key: KeyObject): string {
  return key.export({ format: 'pem', type: 'pkcs8' }).toString();
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A JSON call the way an outside client makes it. */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const method =
    init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET');
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  // A file download (the All Users CSV) is not JSON: its text is the body's `csv`.
  const csv = response.headers.get('content-type')?.startsWith('text/csv');
  const body = (csv ? { csv: text } : text ? JSON.parse(text) : {}) as T;
  // Every answer is one the OpenAPI document lists (tests/support/contract.ts).
  checkAnswer(url, method.toLowerCase(), {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
  return { status: response.status, headers: response.headers, body };
}

/** Reads or writes the test API's database directly, for assertions on rows. */
export async function query<T>(
  api: TestContext,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** How many sign-ins with this mobile the API checked and found the password wrong (audit log). */
export async function wrongPasswordChecks(api: TestContext, mobile: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    api,
    `SELECT count(*)::int AS n FROM audit_log
      WHERE action = 'auth.login' AND details->>'mobile' = $1
        AND details->>'reason' = 'wrong credentials'`,
    [mobile],
  );
  return row!.n;
}
