import 'reflect-metadata';
import { Test, type TestingModule } from '@nestjs/testing';
import { Logger } from 'nestjs-pino';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../../apps/api/src/app.module.js';
import { loadConfig, type AppConfig } from '../../apps/api/src/config/config.js';
import { JobQueue } from '../../apps/api/src/jobs/job-queue.js';
import { OutboxRelay } from '../../apps/api/src/payouts/outbox-relay.js';
import { BankRail } from '../../apps/api/src/rail/bank-rail.js';
import { MovableClock } from './clock.js';
import { createTestDatabase } from './databases.js';
import { currentTestRun, redisPrefix } from './run.mjs';
import { ScriptedRail } from './scripted-rail.js';

/**
 * The job queue as the medium tier sees it: it records what was enqueued, and a test can take
 * it down (`down`) or make one payout's enqueue hang until released.
 */
export class FakeJobQueue {
  readonly enqueued: string[] = [];
  down = false;
  private readonly gates = new Map<string, Promise<void>>();

  /** The enqueue of `jobId` waits until the answered function is called. */
  hangOn(jobId: string): () => void {
    let release!: () => void;
    this.gates.set(jobId, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.gates.delete(jobId);
      release();
    };
  }

  async enqueue(_job: unknown, _data: unknown, { jobId }: { jobId: string }): Promise<void> {
    if (this.down) throw new Error('The job queue is down.');
    await this.gates.get(jobId);
    this.enqueued.push(jobId);
  }
}

export interface MediumApp {
  app: TestingModule;
  config: AppConfig;
  databaseUrl: string;
  clock: MovableClock;
  rail: ScriptedRail;
  jobs: FakeJobQueue;
  close(): Promise<void>;
}

/**
 * The middle tier (docs/testing.md): the application module as production builds it, with no
 * HTTP listener, a database of its own cloned from the run's template, a scripted bank rail,
 * a fake job queue and a movable clock. Nothing runs by itself: the process role is `api` (no
 * workers, no sweep) and the outbox relay's ticker is stopped, so a test drives each step.
 */
export async function startMediumApp(env: NodeJS.ProcessEnv = {}): Promise<MediumApp> {
  const run = currentTestRun();
  const database = await createTestDatabase(run);
  const config = loadConfig({
    env: {
      NODE_ENV: 'test',
      // The demo network some tests sign in as (SEED_DEMO is off unless asked).
      SEED_DEMO: 'true',
      DATABASE_URL: database.url,
      REDIS_URL: run.redisUrl,
      REDIS_PREFIX: `${redisPrefix(run.runId)}-${database.name.slice(-8)}`,
      CONSOLE_DIST: '',
      LOG_LEVEL: 'silent',
      KHATA_PROCESS: 'api',
      ...env,
    },
    stateDir: mkdtempSync(join(tmpdir(), 'khata-test-')),
  });
  const clock = new MovableClock();
  const rail = new ScriptedRail();
  const jobs = new FakeJobQueue();
  // Whatever the real module builds (repositories, transaction handles), only these replaced.
  const app = await Test.createTestingModule({ imports: [AppModule.forRoot(config, { clock })] })
    .overrideProvider(BankRail)
    .useValue(rail)
    .overrideProvider(JobQueue)
    .useValue(jobs)
    .compile();
  app.useLogger(app.get(Logger));
  await app.init();
  await app.get(OutboxRelay).onApplicationShutdown();
  return {
    app,
    config,
    databaseUrl: database.url,
    clock,
    rail,
    jobs,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
