import { resolve } from 'node:path';
import { MissingAccessRuleError } from './auth/route-catalog.js';
import { StartupError } from './bootstrap/seed.service.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
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
  const { created } = await ensureDatabase(config.databaseUrl);
  const applied = await migrate(config.databaseUrl);
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
