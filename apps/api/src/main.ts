import 'reflect-metadata';
import { SeedService, type SeedReport } from './bootstrap/seed.service.js';
import { ConfigError, type AppConfig } from './config/config.js';
import { createApp } from './create-app.js';
import { exitOnStartFailure, prepareDependencies, readProcessConfig } from './startup.js';

/**
 * Start-up in the order a fresh clone needs: config, reachability, database, migrations,
 * the app, first admin and demo data, then listen. Each expected failure is one clear line.
 */
async function main(): Promise<void> {
  const config = readProcessConfig();
  if (config.processRole === 'worker') {
    throw new ConfigError(
      'KHATA_PROCESS=worker serves no HTTP: start it with `node apps/api/dist/worker.js`.',
    );
  }
  const { created, applied } = await prepareDependencies(config);

  const app = await createApp(config);
  const seed = await app.get(SeedService).seedIfEmpty();
  await app.listen(config.port);
  printWelcome(config, { created, applied, seed }, app.getHttpServer().address());
}

function printWelcome(
  config: AppConfig,
  { created, applied, seed }: { created: boolean; applied: string[]; seed: SeedReport },
  address: unknown,
): void {
  const port =
    typeof address === 'object' && address && 'port' in address ? address.port : config.port;
  const lines = [
    '',
    `Khata is running at http://localhost:${port}  (API under /api, health at /api/health)`,
    created ? 'Created the database.' : undefined,
    applied.length ? `Applied migrations: ${applied.join(', ')}.` : undefined,
    config.processRole === 'api'
      ? 'Background jobs run in worker processes (KHATA_PROCESS=api): start `node apps/api/dist/worker.js`.'
      : undefined,
  ];
  const admin = seed.firstAdmin;
  if (admin?.password) {
    lines.push(
      `First admin created. Sign in at http://localhost:${port}/login with mobile ${admin.mobile}, ` +
        `password ${admin.password}, PIN ${admin.pin}. Shown once: note them now, or set ADMIN_MOBILE, ADMIN_PASSWORD and ADMIN_PIN.`,
    );
  } else if (admin) {
    lines.push(`First admin created: mobile ${admin.mobile}, with ADMIN_PASSWORD and ADMIN_PIN.`);
  }
  if (seed.demo.length) {
    lines.push('Demo users (development only):');
    for (const user of seed.demo) {
      lines.push(
        `  ${user.role.padEnd(16)} ${user.mobile}  password ${user.password}  PIN ${user.pin}  (${user.name})`,
      );
    }
  }
  if (!seed.seeded) {
    lines.push(
      'Sign in at /login with your admin mobile and password (see README.md, "Signing in").',
    );
  }
  process.stdout.write(`${lines.filter((line) => line !== undefined).join('\n')}\n\n`);
}

main().catch(exitOnStartFailure('Khata'));
