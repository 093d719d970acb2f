import { khataTypes } from '@khata/ledger';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { migrate } from '../../apps/api/src/database/data-source.js';
import { databasePrefix, templateDatabase, type TestRun } from './run.mjs';

export async function withAdminClient<T>(
  postgresUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The run's migrated template, made by whichever test file asks first (an advisory lock
 * makes the others wait), so each file then clones it instead of migrating.
 */
async function ensureTemplate(run: TestRun): Promise<string> {
  const template = templateDatabase(run.runId);
  await withAdminClient(run.postgresUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) return;
      await client.query(`CREATE DATABASE "${template}"`);
      await migrate(`${run.postgresUrl}/${template}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

/** A database of its own for one test, cloned from the run's migrated template. */
export async function createTestDatabase(
  run: TestRun,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const template = await ensureTemplate(run);
  const name = `${databasePrefix(run.runId)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(run.postgresUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        // Cloning needs the template free of sessions; another file may be cloning it this instant.
        const busy = (error as { code?: string }).code === '55006';
        if (!busy || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return {
    url: `${run.postgresUrl}/${name}`,
    name,
    drop: () => dropDatabase(run.postgresUrl, name),
  };
}

export async function dropDatabase(postgresUrl: string, name: string): Promise<void> {
  await withAdminClient(postgresUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}

/**
 * A pool for a test's own queries. A test database is dropped WITH (FORCE) as the test ends,
 * which can terminate a connection the pool is still closing; that error of an idle client is
 * expected then, and must not surface as an unhandled 'error' event that fails the file.
 * Errors of queries still reach their callers.
 */
export function newTestPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types: khataTypes });
  pool.on('error', () => undefined);
  return pool;
}
