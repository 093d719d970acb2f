import pg from 'pg';
import { Redis } from 'ioredis';
import { redactUrl } from '../config/config.js';

/** A dependency that cannot be reached: its message is one sentence naming how to provide it. */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
}

const CONNECT_TIMEOUT_MS = 3000;

/**
 * Makes sure the database named by `databaseUrl` exists, creating it when the server is
 * reachable but the database is not there yet (a fresh clone's first `npm start`).
 */
export async function ensureDatabase(databaseUrl: string): Promise<{ created: boolean }> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(name)) {
    throw new DependencyUnavailableError(
      `DATABASE_URL must name a database of letters, digits, _ or -; "${name}" is not one.`,
    );
  }
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: maintenance.toString(),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new DependencyUnavailableError(
      `Cannot reach PostgreSQL at ${redactUrl(databaseUrl)} (${describe(error)}): start a local server, ` +
        'run `docker compose up -d postgres redis`, or set DATABASE_URL to a reachable database.',
    );
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return { created: false };
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } catch (error) {
      // Two processes starting at once: the other one created it first.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return { created: true };
  } finally {
    await client.end();
  }
}

export async function ensureRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new DependencyUnavailableError(
      `Cannot reach Redis at ${redactUrl(redisUrl)} (${describe(error)}): start a local server, ` +
        'run `docker compose up -d postgres redis`, or set REDIS_URL to a reachable Redis.',
    );
  } finally {
    redis.disconnect();
  }
}

function describe(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return code ?? message ?? String(error);
}
