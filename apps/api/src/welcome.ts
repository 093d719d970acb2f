import type { SeedReport } from './bootstrap/seed.service.js';
import type { ProcessCounts, ProcessRole } from './config/config.js';

export interface Welcome {
  port: number;
  created: boolean;
  applied: string[];
  seed: SeedReport;
  processRole: ProcessRole;
  /** Under npm start's supervisor: how many of each it runs, and their process ids. */
  processes?: ProcessCounts & { pids: { api: number[]; workers: number[] } };
}

/** What a started portal prints once: where it is, what start-up did, how to sign in. */
export function welcomeText({ port, created, applied, seed, processRole, processes }: Welcome) {
  const lines = [
    '',
    `Khata is running at http://localhost:${port}  (API under /api, health at /api/health)`,
    created ? 'Created the database.' : undefined,
    applied.length ? `Applied migrations: ${applied.join(', ')}.` : undefined,
    processes ? processLine(processes) : undefined,
    !processes && processRole === 'api'
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
  return `${lines.filter((line) => line !== undefined).join('\n')}\n\n`;
}

function processLine({ api, workers, pids }: NonNullable<Welcome['processes']>): string {
  const apiPart = `${plural(api, 'API process', 'API processes')} on this port (${pids.api.join(', ')})`;
  const jobs = workers
    ? `${plural(workers, 'worker process', 'worker processes')} for background jobs (${pids.workers.join(', ')})`
    : 'background jobs in the API processes';
  return `Running ${apiPart} and ${jobs}; set KHATA_API_PROCESSES and KHATA_WORKERS to change.`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
