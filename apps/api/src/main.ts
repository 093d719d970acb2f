import 'reflect-metadata';
import { SeedService } from './bootstrap/seed.service.js';
import { ConfigError } from './config/config.js';
import { createApp } from './create-app.js';
import {
  exitOnStartFailure,
  prepareDependencies,
  readProcessConfig,
  reportReady,
  stopOnSignals,
  supervised,
} from './startup.js';
import { welcomeText } from './welcome.js';

/**
 * Start-up in the order a fresh clone needs: config, reachability, database, migrations,
 * the app, first admin and demo data, then listen. Each expected failure is one clear line.
 * Under `npm start`'s supervisor (cluster.ts) it tells the supervisor instead of printing the
 * welcome, which the supervisor prints once for all its processes.
 */
async function main(): Promise<void> {
  const config = readProcessConfig();
  if (config.processRole === 'worker') {
    throw new ConfigError(
      'KHATA_PROCESS=worker serves no HTTP: start it with `node apps/api/dist/worker.js`.',
    );
  }
  const { created, applied } = await prepareDependencies(config);

  const app = await createApp(config, { shutdownHooks: false });
  stopOnSignals('Khata', () => app.close());
  const seed = await app.get(SeedService).seedIfEmpty();
  await app.listen(config.port);
  const address: unknown = app.getHttpServer().address();
  const port =
    typeof address === 'object' && address && 'port' in address
      ? Number(address.port)
      : config.port;
  if (supervised) return reportReady({ role: 'api', port, seed });
  process.stdout.write(
    welcomeText({ port, created, applied, seed, processRole: config.processRole }),
  );
}

main().catch(exitOnStartFailure('Khata'));
