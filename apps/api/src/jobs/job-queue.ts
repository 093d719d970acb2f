import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { closeJobConnection, openJobConnection } from './job-connection.js';
import type { JobDefinition } from './job-definition.js';
import { JobRegistry } from './job-registry.js';

/** The one BullMQ queue; its keys live under `<redisPrefix>:khata:`. */
export const JOB_QUEUE_NAME = 'khata';

/** A job id BullMQ would refuse or misread: the message says which rule it broke. */
export class InvalidJobIdError extends Error {
  override readonly name = 'InvalidJobIdError';
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Where features enqueue jobs: `jobs.enqueue(sendPayoutJob, { payoutId }, { jobId })`. The
 * jobId is the business id, so enqueueing twice runs once while the first job is kept.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly #logger = new Logger('Jobs');
  #queue?: Queue;
  #connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: JobRegistry,
  ) {}

  // Opened only once start-up checks have passed, so a refused start leaves no connection behind.
  onApplicationBootstrap(): void {
    this.#connection = openJobConnection(this.config, 'queue');
    this.#queue = new Queue(JOB_QUEUE_NAME, {
      connection: this.#connection,
      prefix: this.config.redisPrefix,
      defaultJobOptions: {
        // A jobId only deduplicates while its job is kept, so keep finished jobs a while;
        // the lasting guarantee against running twice belongs in the database.
        removeOnComplete: { age: DAY_SECONDS, count: 50_000 },
        removeOnFail: { age: 14 * DAY_SECONDS },
      },
    });
    this.#queue.on('error', (error: Error) => {
      // Outages are reported once by the connection; anything else is news.
      if (this.#connection?.status === 'ready') this.#logger.error(`Job queue: ${error.message}`);
    });
    this.#schedule(this.#queue);
  }

  /** Upserts a scheduler per job declared with `everyMs`: idempotent across processes. */
  #schedule(queue: Queue): void {
    for (const definition of this.registry.scheduled()) {
      queue
        .upsertJobScheduler(
          definition.name,
          { every: definition.everyMs! },
          {
            name: definition.name,
            data: {},
            opts: { attempts: definition.attempts, backoff: definition.backoff },
          },
        )
        .catch((error: Error) =>
          this.#logger.error(`Cannot schedule ${definition.name}: ${error.message}`),
        );
    }
  }

  async enqueue<TData>(
    definition: JobDefinition<TData>,
    data: NoInfer<TData>,
    options: { jobId: string; delayMs?: number },
  ): Promise<void> {
    checkJobId(definition.name, options.jobId);
    this.registry.jobFor(definition);
    if (!this.#queue) {
      throw new Error(
        `Cannot enqueue ${definition.name}: the job queue opens when the app starts.`,
      );
    }
    await this.#queue.add(definition.name, data, {
      jobId: options.jobId,
      attempts: definition.attempts,
      backoff: definition.backoff,
      ...(options.delayMs && { delay: options.delayMs }),
    });
  }

  /** How many jobs wait, run, wait for their time and failed (the Database screen). */
  async depths(): Promise<{
    queue: string;
    waiting: number;
    active: number;
    delayed: number;
    failed: number;
  }> {
    if (!this.#queue) throw new Error('The job queue opens when the app starts.');
    const counts = await this.#queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
    return {
      queue: JOB_QUEUE_NAME,
      waiting: counts.waiting ?? 0,
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.#queue?.close();
    if (this.#connection) await closeJobConnection(this.#connection);
  }
}

/** BullMQ keeps integer ids for jobs without one and splits keys on ':'. */
export function checkJobId(jobName: string, jobId: string): void {
  const example = 'use the business id, such as "payout-<uuid>"';
  if (typeof jobId !== 'string' || jobId === '') {
    throw new InvalidJobIdError(`Job ${jobName} needs a jobId: ${example}.`);
  }
  if (/^-?\d+$/.test(jobId)) {
    throw new InvalidJobIdError(
      `Job id "${jobId}" for ${jobName} is refused: it looks like an integer, which BullMQ keeps for its own ids; ${example}.`,
    );
  }
  if (jobId.includes(':')) {
    throw new InvalidJobIdError(
      `Job id "${jobId}" for ${jobName} is refused: ":" separates Redis key parts; ${example}.`,
    );
  }
}
