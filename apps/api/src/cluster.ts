import { extname, join } from 'node:path';
import { StartupError, type SeedReport } from './bootstrap/seed.service.js';
import { ConfigError, loadProcessCounts } from './config/config.js';
import { serveClusterMetrics } from './metrics/cluster-metrics.js';
import { exitOnStartFailure, prepareDependencies, readProcessConfig } from './startup.js';
import { Supervisor } from './supervisor.js';
import { welcomeText } from './welcome.js';

/**
 * What `npm start` runs: KHATA_API_PROCESSES API processes on one port and KHATA_WORKERS job
 * workers (one each by default; with no worker, the API processes run the jobs). The once-per-
 * deployment work happens here, once, before any process starts: the configuration (and in
 * development its generated secrets, which every process must share), the database and the
 * migrations. Seeding runs in the API processes under an advisory lock (one seeds); the welcome,
 * with the logins of whichever seeded, is printed once, here.
 */
async function main(): Promise<void> {
  const config = readProcessConfig();
  if (config.processRole !== 'all') {
    throw new ConfigError(
      'npm start chooses each process its role: unset KHATA_PROCESS and set KHATA_API_PROCESSES and KHATA_WORKERS.',
    );
  }
  const counts = loadProcessCounts(process.env);
  const { created, applied } = await prepareDependencies(config);

  // main.js and worker.js beside this file: dist/*.js when built, src/*.ts under the tests.
  const entry = (name: string) =>
    join(import.meta.dirname, `${name}${extname(import.meta.filename)}`);
  const supervisor = new Supervisor([
    {
      role: 'api',
      count: counts.api,
      exec: entry('main'),
      env: { KHATA_PROCESS: counts.workers ? 'api' : 'all' },
    },
    { role: 'worker', count: counts.workers, exec: entry('worker'), env: {} },
  ]);

  // An API process's GET /metrics asks here for every process's figures, summed.
  serveClusterMetrics();

  let stops = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stops += 1;
      if (stops > 1) {
        supervisor.kill();
        process.exit(1);
      }
      process.stdout.write('Khata is stopping: letting requests and jobs finish…\n');
      void supervisor.stop().then(() => {
        process.stdout.write('Khata stopped.\n');
        process.exit(0);
      });
    });
  }

  const ready = await supervisor.start().catch((error: Error) => {
    throw new StartupError(`${error.message} Its output above says why.`);
  });
  const api = ready.filter((message) => message.role === 'api');
  const seeds = api.map((message) => message.seed).filter((seed) => seed !== undefined);
  const seed: SeedReport = seeds.find((report) => report.seeded) ??
    seeds[0] ?? { seeded: false, demo: [] };
  process.stdout.write(
    welcomeText({
      port: api[0]?.port ?? config.port,
      created,
      applied,
      seed,
      processRole: counts.workers ? 'api' : 'all',
      processes: {
        ...counts,
        pids: { api: supervisor.pids('api'), workers: supervisor.pids('worker') },
      },
    }),
  );
}

main().catch(exitOnStartFailure('Khata'));
