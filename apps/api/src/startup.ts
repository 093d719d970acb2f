import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { MissingAccessRuleError } from './auth/route-catalog.js';
import { StartupError, type SeedReport } from './bootstrap/seed.service.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { DataAtRest } from './common/crypto/data-at-rest.js';
import { migrate } from './database/data-source.js';
import { DependencyUnavailableError, ensureDatabase, ensureRedis } from './database/preflight.js';
import { JobRegistryError } from './jobs/job-registry.js';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** The configuration of a process started from the command line (main.ts, worker.ts). */
export function readProcessConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadConfig({
    env,
    stateDir: env.KHATA_STATE_DIR ?? resolve(repoRoot, '.khata'),
    defaultConsoleDist: resolve(repoRoot, 'apps/console/dist'),
  });
}

/** Reach Redis and Postgres, create the database if missing, apply pending migrations. */
export async function prepareDependencies(
  config: AppConfig,
): Promise<{ created: boolean; applied: string[] }> {
  await ensureRedis(config.redisUrl);
  // As the schema's owner: the app's own role may hold no DDL (DATABASE_MIGRATION_URL). The keys
  // seal what older versions kept in clear (migration 1765400031400).
  const { created } = await ensureDatabase(config.migrationDatabaseUrl);
  const applied = await migrate(config.migrationDatabaseUrl, new DataAtRest(config));
  return { created, applied };
}

/**
 * Ends a process whose start failed: an expected failure (bad config, unreachable server,
 * wiring mistake) as one line, anything else with its stack.
 */
export function exitOnStartFailure(processName: string) {
  return (error: unknown): never => {
    const expected =
      error instanceof ConfigError ||
      error instanceof DependencyUnavailableError ||
      error instanceof StartupError ||
      error instanceof JobRegistryError ||
      error instanceof MissingAccessRuleError;
    process.stderr.write(
      expected
        ? `${processName} cannot start: ${(error as Error).message}\n`
        : `${String((error as Error)?.stack ?? error)}\n`,
    );
    process.exit(1);
  };
}

/** Whether this process was started by `npm start`'s supervisor (cluster.ts), not on its own. */
export const supervised = cluster.isWorker;

/** What a supervised process tells the supervisor once it serves (or runs jobs). */
export interface ReadyMessage {
  khata: 'ready';
  role: 'api' | 'worker';
  /** The port an API process listens on. */
  port?: number;
  /** What the API process's seeding did: the one that seeded has the logins to print. */
  seed?: SeedReport;
}

export function reportReady(message: Omit<ReadyMessage, 'khata'>): void {
  process.send?.({ khata: 'ready', ...message } satisfies ReadyMessage);
}

/**
 * Stops on SIGTERM or SIGINT: `close` lets running requests and jobs finish, then the process
 * exits 0. Under the supervisor later signals are ignored: a Ctrl-C reaches every process of the
 * terminal and the supervisor sends SIGTERM too, which is one stop, not two (the supervisor kills
 * a process that takes too long). On its own, a second signal ends the process at once.
 */
export function stopOnSignals(processName: string, close: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) {
        if (!supervised) process.exit(1);
        return;
      }
      stopping = true;
      close().then(
        () => {
          if (!supervised) process.stdout.write(`${processName} stopped.\n`);
          process.exit(0);
        },
        (error: unknown) => {
          process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
          process.exit(1);
        },
      );
    });
  }
}
