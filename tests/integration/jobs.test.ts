import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AppConfig, ProcessRole } from '../../apps/api/src/config/config.js';
import { APP_CONFIG } from '../../apps/api/src/config/config.module.js';
import {
  defineJob,
  EnqueuesJobs,
  HandlesJob,
  type JobContext,
  type JobHandler,
} from '../../apps/api/src/jobs/job-definition.js';
import { InvalidJobIdError } from '../../apps/api/src/jobs/job-queue.js';
import { JobRegistryError } from '../../apps/api/src/jobs/job-registry.js';
import { expireHoldsJob } from '../../apps/api/src/ledger/expire-holds.job.js';
import {
  eventually,
  redisKeys,
  startJobsProcess,
  type TestJobsProcess,
} from '../support/test-jobs.js';

// Test-only jobs: each records its runs here, with the role of the process that ran it.
interface Run {
  job: string;
  jobId: string;
  data: unknown;
  attempt: number;
  role: ProcessRole;
  finished?: boolean;
}
let runs: Run[] = [];
const runsOf = (jobId: string) => runs.filter((run) => run.jobId === jobId);

interface GreetingJobData {
  greeting: string;
  amountPaise: number;
}
const greetJob = defineJob<GreetingJobData>({ name: 'test.greet', attempts: 1 });
const failingJob = defineJob<{ reason: string }>({
  name: 'test.fail',
  attempts: 3,
  backoff: { type: 'fixed', delay: 20 },
});
const slowJob = defineJob<{ ms: number }>({ name: 'test.slow', attempts: 1 });

abstract class RecordingHandler {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  protected record(job: string, data: unknown, context: JobContext): Run {
    const run = {
      job,
      data,
      jobId: context.jobId,
      attempt: context.attempt,
      role: this.config.processRole,
    };
    runs.push(run);
    return run;
  }
}

@Injectable()
@HandlesJob(greetJob)
class GreetHandler extends RecordingHandler implements JobHandler<GreetingJobData> {
  async handle(data: GreetingJobData, context: JobContext): Promise<void> {
    this.record(greetJob.name, data, context);
  }
}

@Injectable()
@HandlesJob(failingJob)
class FailingHandler extends RecordingHandler implements JobHandler<{ reason: string }> {
  async handle(data: { reason: string }, context: JobContext): Promise<void> {
    this.record(failingJob.name, data, context);
    throw new Error(data.reason);
  }
}

@Injectable()
@HandlesJob(slowJob)
class SlowHandler extends RecordingHandler implements JobHandler<{ ms: number }> {
  async handle(data: { ms: number }, context: JobContext): Promise<void> {
    const run = this.record(slowJob.name, data, context);
    await new Promise((resolve) => setTimeout(resolve, data.ms));
    run.finished = true;
  }
}

@Module({ providers: [GreetHandler, FailingHandler, SlowHandler] })
class TestJobsModule {}

const businessId = (kind: string) => `${kind}-${randomUUID()}`;

async function stateOf(process: TestJobsProcess, jobId: string): Promise<string | undefined> {
  const job = await process.inspect.getJob(jobId);
  return job ? job.getState() : undefined;
}

async function finished(process: TestJobsProcess, jobId: string): Promise<string> {
  return eventually(async () => {
    const state = await stateOf(process, jobId);
    return state === 'completed' || state === 'failed' ? state : undefined;
  });
}

afterEach(() => {
  runs = [];
  jest.restoreAllMocks();
});

describe('background jobs in an all-in-one process', () => {
  let khata: TestJobsProcess;

  beforeAll(async () => {
    khata = await startJobsProcess({ modules: [TestJobsModule] });
  });
  afterAll(() => khata.close());

  it('runs an enqueued job once in the worker and hands its handler the payload', async () => {
    const jobId = businessId('greet');
    await khata.jobs.enqueue(greetJob, { greeting: 'namaste', amountPaise: 150_050 }, { jobId });

    expect(await finished(khata, jobId)).toBe('completed');
    expect(runsOf(jobId)).toEqual([
      {
        job: 'test.greet',
        jobId,
        data: { greeting: 'namaste', amountPaise: 150_050 },
        attempt: 1,
        role: 'all',
      },
    ]);
  });

  it('runs a jobId enqueued twice only once while the first job is kept', async () => {
    const jobId = businessId('greet');
    const data = { greeting: 'hello', amountPaise: 1 };
    await Promise.all([
      khata.jobs.enqueue(greetJob, data, { jobId }),
      khata.jobs.enqueue(greetJob, data, { jobId }),
    ]);
    expect(await finished(khata, jobId)).toBe('completed');
    await khata.jobs.enqueue(greetJob, data, { jobId });

    // A job enqueued after the repeat finishing first means the repeat was not queued.
    const later = businessId('greet');
    await khata.jobs.enqueue(greetJob, data, { jobId: later });
    expect(await finished(khata, later)).toBe('completed');
    expect(runsOf(jobId)).toHaveLength(1);
    expect((await khata.inspect.getJob(jobId))?.attemptsStarted).toBe(1);
  });

  it('retries a failing handler per its attempts, keeps the reason and logs every failure', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const error = jest.spyOn(Logger.prototype, 'error');
    const jobId = businessId('fail');
    await khata.jobs.enqueue(failingJob, { reason: 'bank rail timed out' }, { jobId });

    expect(await finished(khata, jobId)).toBe('failed');
    expect(runsOf(jobId).map((run) => run.attempt)).toEqual([1, 2, 3]);
    const job = await khata.inspect.getJob(jobId);
    expect(job).toMatchObject({ attemptsMade: 3, failedReason: 'bank rail timed out' });

    const lines = (spy: typeof warn) => spy.mock.calls.map(([line]) => line);
    expect(lines(warn)).toEqual([
      `Job test.fail (${jobId}) failed on attempt 1 of 3: bank rail timed out; it will be retried.`,
      `Job test.fail (${jobId}) failed on attempt 2 of 3: bank rail timed out; it will be retried.`,
    ]);
    expect(lines(error)).toEqual([
      `Job test.fail (${jobId}) failed on attempt 3 of 3: bank rail timed out; giving up.`,
    ]);
    expect(error.mock.calls[0]?.[1]).toContain('bank rail timed out');
  });

  it.each([
    ['42', 'it looks like an integer, which BullMQ keeps for its own ids'],
    ['-7', 'it looks like an integer, which BullMQ keeps for its own ids'],
    ['007', 'it looks like an integer, which BullMQ keeps for its own ids'],
    ['payout:42', '":" separates Redis key parts'],
    ['a:b:c', '":" separates Redis key parts'],
  ])('refuses job id %j with a message saying why', async (jobId, why) => {
    const enqueueing = khata.jobs.enqueue(greetJob, { greeting: 'x', amountPaise: 1 }, { jobId });
    await expect(enqueueing).rejects.toThrow(
      new InvalidJobIdError(
        `Job id "${jobId}" for test.greet is refused: ${why}; use the business id, such as "payout-<uuid>".`,
      ),
    );
    expect(await stateOf(khata, jobId)).toBeUndefined();
  });

  it('keeps every key of the queue under the Redis prefix of its process', async () => {
    const jobId = businessId('greet');
    await khata.jobs.enqueue(greetJob, { greeting: 'keys', amountPaise: 1 }, { jobId });
    await finished(khata, jobId);
    const keys = await redisKeys(khata.config.redisUrl, `*${jobId}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.startsWith(`${khata.config.redisPrefix}:khata:`)).toBe(true);
  });

  // Moved from hold-expiry.test.ts; the handler itself is tested in medium/ledger.test.ts.
  it('schedules the expiry of holds once a minute in the deployment queue', async () => {
    const scheduler = await eventually(
      async () => (await khata.inspect.getJobScheduler(expireHoldsJob.name)) ?? undefined,
      2_000,
    ).catch(() => undefined);
    expect(scheduler).toMatchObject({ name: expireHoldsJob.name, every: 60_000 });
  });
});

describe('shutting a worker down', () => {
  it('lets a running job finish before the worker closes', async () => {
    const khata = await startJobsProcess({ modules: [TestJobsModule] });
    try {
      const jobId = businessId('slow');
      await khata.jobs.enqueue(slowJob, { ms: 400 }, { jobId });
      await eventually(async () => runsOf(jobId)[0]);
      await khata.stop();
      expect(runsOf(jobId)[0]?.finished).toBe(true);
      expect(await stateOf(khata, jobId)).toBe('completed');
    } finally {
      await khata.close();
    }
  });
});

describe('process roles', () => {
  it('runs nothing in an api process; a worker process on the same prefix runs the job', async () => {
    const api = await startJobsProcess({
      modules: [TestJobsModule],
      env: { KHATA_PROCESS: 'api' },
    });
    try {
      const jobId = businessId('greet');
      await api.jobs.enqueue(greetJob, { greeting: 'queued', amountPaise: 5 }, { jobId });
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await stateOf(api, jobId)).toBe('waiting');
      expect(runs).toEqual([]);

      const worker = await startJobsProcess({
        modules: [TestJobsModule],
        env: { KHATA_PROCESS: 'worker' },
        sharing: api,
      });
      try {
        expect(await finished(worker, jobId)).toBe('completed');
        expect(runsOf(jobId).map((run) => run.role)).toEqual(['worker']);
      } finally {
        await worker.close();
      }
    } finally {
      await api.close();
    }
  });
});

describe('start-up checks on job wiring', () => {
  const twiceJob = defineJob<{ id: string }>({ name: 'test.twice', attempts: 1 });

  @Injectable()
  @HandlesJob(twiceJob)
  class FirstTwiceHandler implements JobHandler<{ id: string }> {
    async handle(): Promise<void> {}
  }

  @Injectable()
  @HandlesJob(twiceJob)
  class SecondTwiceHandler implements JobHandler<{ id: string }> {
    async handle(): Promise<void> {}
  }

  @Module({ providers: [FirstTwiceHandler, SecondTwiceHandler] })
  class TwiceModule {}

  const orphanJob = defineJob<{ id: string }>({ name: 'test.orphan', attempts: 1 });

  @Injectable()
  @EnqueuesJobs(orphanJob)
  class OrphanSender {}

  @Module({ providers: [OrphanSender] })
  class OrphanModule {}

  it('fails start-up when a job name has two handlers, naming both', async () => {
    const starting = startJobsProcess({ modules: [TwiceModule] });
    await expect(starting).rejects.toThrow(
      new JobRegistryError(
        'Job "test.twice" has two handlers, FirstTwiceHandler in TwiceModule and SecondTwiceHandler in TwiceModule: keep one.',
      ),
    );
  });

  it('fails start-up when something enqueues a job that has no handler', async () => {
    const starting = startJobsProcess({ modules: [OrphanModule] });
    await expect(starting).rejects.toThrow(
      new JobRegistryError(
        'OrphanSender in OrphanModule enqueues job "test.orphan", which has no handler: add a provider with @HandlesJob for it.',
      ),
    );
  });

  it('refuses at enqueue time a job that no provider handles', async () => {
    const khata = await startJobsProcess({ modules: [TestJobsModule] });
    try {
      await expect(
        khata.jobs.enqueue(orphanJob, { id: 'x' }, { jobId: 'orphan-1' }),
      ).rejects.toThrow('JobQueue.enqueue was given job "test.orphan", which has no handler');
    } finally {
      await khata.close();
    }
  });
});
