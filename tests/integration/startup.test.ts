import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { checkPan } from '@khata/domain';
import { verifyLedger } from '@khata/ledger';
import pg from 'pg';
import { PasswordHasher } from '../../apps/api/src/credentials/password-hasher.js';
import { PinHasher } from '../../apps/api/src/credentials/pin-hasher.js';
import { SeedService, StartupError } from '../../apps/api/src/bootstrap/seed.service.js';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import {
  DependencyUnavailableError,
  ensureDatabase,
  ensureRedis,
} from '../../apps/api/src/database/preflight.js';
import { dropDatabase, newTestPool } from '../support/databases.js';
import { currentTestRun, databasePrefix } from '../support/run.mjs';
import { startApiChild } from '../support/api-processes.js';
import { given } from '../support/given.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

async function rows<T>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('start-up preflight', () => {
  it('creates the database named by DATABASE_URL when it is missing, once', async () => {
    const run = currentTestRun();
    const name = `${databasePrefix(run.runId)}_fresh_${randomBytes(3).toString('hex')}`;
    try {
      expect(await ensureDatabase(`${run.postgresUrl}/${name}`)).toEqual({ created: true });
      expect(await ensureDatabase(`${run.postgresUrl}/${name}`)).toEqual({ created: false });
    } finally {
      await dropDatabase(run.postgresUrl, name);
    }
  });

  it('says in one sentence how to provide Postgres when it cannot be reached', async () => {
    const failure = ensureDatabase('postgres://postgres@127.0.0.1:1/khata');
    await expect(failure).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(failure).rejects.toThrow(
      /^Cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/khata \(ECONNREFUSED\): .*docker compose up -d postgres redis.*DATABASE_URL/,
    );
  });

  it('says in one sentence how to provide Redis when it cannot be reached', async () => {
    await expect(ensureRedis('redis://127.0.0.1:1')).rejects.toThrow(
      /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 .*REDIS_URL/,
    );
  });
});

describe('first admin and demo data on an empty database', () => {
  const admin = {
    ADMIN_MOBILE: '9812345678',
    ADMIN_PASSWORD: 'correct horse battery',
    ADMIN_PIN: '4321',
  };
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(admin);
  });
  afterAll(() => api.close());

  it('creates the admin from ADMIN_* with a password and PIN that verify, and the demo network', async () => {
    const report = await api.app.get(SeedService).seedIfEmpty();
    expect(report.seeded).toBe(true);
    expect(report.firstAdmin).toEqual({ mobile: '9812345678', role: 'admin', name: 'Khata Admin' });
    expect(report.demo.map((user) => user.role)).toEqual([
      'sdistributor',
      'distributor',
      'khataEmployee2',
      'khataEmployee1',
    ]);

    const [stored] = await rows<{ id: string; password_hash: string; pin_hash: string }>(
      api.databaseUrl,
      "SELECT id, password_hash, pin_hash FROM users WHERE mobile = '9812345678'",
    );
    expect(stored!.password_hash).not.toContain(admin.ADMIN_PASSWORD);
    expect(
      await api.app.get(PasswordHasher).verify(admin.ADMIN_PASSWORD, stored!.password_hash),
    ).toBe(true);
    expect(await api.app.get(PasswordHasher).verify('wrong password', stored!.password_hash)).toBe(
      false,
    );
    expect(api.app.get(PinHasher).verify(stored!.id, '4321', stored!.pin_hash)).toBe(true);
    expect(api.app.get(PinHasher).verify(stored!.id, '4322', stored!.pin_hash)).toBe(false);
  });

  it('puts each demo user below its upline', async () => {
    const chain = await rows<{ mobile: string; upline: string }>(
      api.databaseUrl,
      `SELECT u.mobile, p.role AS upline FROM users u JOIN users p ON p.id = u.parent_id ORDER BY u.mobile`,
    );
    expect(chain).toEqual([
      { mobile: '9000000001', upline: 'admin' },
      { mobile: '9000000002', upline: 'sdistributor' },
      { mobile: '9000000003', upline: 'distributor' },
      { mobile: '9000000004', upline: 'distributor' },
    ]);
  });

  it('puts a valid-format PAN on file for each demo user, so its commission has TDS at the PAN rate', async () => {
    const sealed = await rows<{ mobile: string; pan_sealed: string; kyc_state: string }>(
      api.databaseUrl,
      `SELECT mobile, pan_sealed, kyc_state FROM users WHERE role <> 'admin' ORDER BY mobile`,
    );
    // Sealed (issue 31), and opened here with the deployment's key.
    const atRest = api.app.get(DataAtRest);
    const pans = sealed.map((user) => ({ ...user, pan: atRest.open(user.pan_sealed) }));
    expect(pans).toHaveLength(4);
    for (const user of pans) {
      expect(checkPan(user.pan)).toEqual({ ok: true, value: user.pan });
      expect(user.kyc_state).toBe('approved');
    }
    expect(new Set(pans.map((user) => user.pan)).size).toBe(4);
  });

  it('funds the demo wallets through the ledger, which then verifies', async () => {
    const wallets = await rows<{ mobile: string; balance: string }>(
      api.databaseUrl,
      `SELECT u.mobile, (a.credits_posted - a.debits_posted)::text AS balance
         FROM users u JOIN ledger_accounts a ON a.owner_id = u.id AND a.kind = 'wallet'
        WHERE u.role <> 'admin' ORDER BY u.mobile`,
    );
    expect(wallets).toEqual([
      { mobile: '9000000001', balance: '10000000' },
      { mobile: '9000000002', balance: '5000000' },
      { mobile: '9000000003', balance: '1000000' },
      { mobile: '9000000004', balance: '500000' },
    ]);
    const pool = newTestPool(api.databaseUrl, 2);
    try {
      expect((await verifyLedger(pool)).violations).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it('leaves a database that has users alone, even when asked from two processes at once', async () => {
    const seed = api.app.get(SeedService);
    const reports = await Promise.all([seed.seedIfEmpty(), seed.seedIfEmpty()]);
    expect(reports.map((report) => report.seeded)).toEqual([false, false]);
    const [{ count }] = (await rows<{ count: number }>(
      api.databaseUrl,
      'SELECT count(*)::int AS count FROM users',
    )) as [{ count: number }];
    expect(count).toBe(5);
  });
});

/**
 * What production needs beside the test API's settings: the sandbox rail only on a stack that
 * says it is staging, and no webhook allowlist (config.ts refuses both otherwise).
 */
const STAGING_RAIL = {
  RAIL_ADAPTER: 'sandbox',
  RAIL_SANDBOX_IN_PRODUCTION: 'true',
  WEBHOOK_ALLOW_ADDRESSES: '',
};

describe('first admin without ADMIN_*', () => {
  it('makes up credentials outside production and returns them to be shown once', async () => {
    const api = await startTestApi({ SEED_DEMO: 'false' });
    try {
      const report = await api.app.get(SeedService).seedIfEmpty();
      expect(report.firstAdmin).toMatchObject({
        role: 'admin',
        mobile: expect.stringMatching(/^9\d{9}$/),
      });
      expect(report.firstAdmin!.password).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(report.firstAdmin!.pin).toMatch(/^\d{4}$/);
      expect(report.demo).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('refuses to start in production and says which variables to set', async () => {
    const api = await startTestApi({
      NODE_ENV: 'production',
      ...STAGING_RAIL,
      JWT_SECRET: 'j'.repeat(32),
      PIN_PEPPER: 'p'.repeat(32),
      DATA_KEY: 'd'.repeat(32),
      LOOKUP_KEY: 'l'.repeat(32),
      LEDGER_SIGNING_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
    });
    try {
      const seeding = api.app.get(SeedService).seedIfEmpty();
      await expect(seeding).rejects.toBeInstanceOf(StartupError);
      await expect(seeding).rejects.toThrow('set ADMIN_MOBILE, ADMIN_PASSWORD and ADMIN_PIN');
      const users = await rows(api.databaseUrl, 'SELECT 1 FROM users');
      expect(users).toHaveLength(0);
    } finally {
      await api.close();
    }
  });
});

describe('start-up output', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
    await given(api).user();
  });
  afterAll(async () => {
    await api?.close();
  });

  /** main.ts of the test API's deployment until its welcome; answers what it printed. */
  async function startUpOutput(env: NodeJS.ProcessEnv): Promise<string[]> {
    const child = startApiChild(api, 'main', env);
    try {
      await child.waitFor(/Sign in at \/login/, 120_000);
      return child
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '');
    } finally {
      await child.stop('SIGKILL');
    }
  }

  it('in development prints one readable line an event, then the welcome last', async () => {
    const lines = await startUpOutput({ NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    const welcome = lines.findIndex((line) => line.startsWith('Khata is running at'));
    expect(welcome).toBeGreaterThan(0);
    expect(lines.slice(welcome).join('\n')).toMatch(/Sign in at \/login[^\n]*$/);
    const logs = lines.slice(0, welcome);
    expect(logs.filter((line) => line.startsWith('{'))).toEqual([]);
    // Nest's route lines, at debug in development: `[12:04:05] DEBUG: [RouterExplorer] Mapped …`.
    expect(
      logs.some((line) => /^\[\d\d:\d\d:\d\d\] DEBUG: \[RouterExplorer\] Mapped/.test(line)),
    ).toBe(true);
  }, 150_000);

  it('in development at the default level prints no start-up chatter before the welcome', async () => {
    const lines = await startUpOutput({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(lines[0]).toMatch(/^Khata is running at/);
  }, 150_000);

  it('in production prints JSON lines', async () => {
    const lines = await startUpOutput({
      NODE_ENV: 'production',
      ...STAGING_RAIL,
      LOG_LEVEL: 'info',
    });
    const welcome = lines.findIndex((line) => line.startsWith('Khata is running at'));
    const logs = lines.slice(0, welcome);
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) expect(() => JSON.parse(line) as unknown).not.toThrow();
  }, 150_000);
});
