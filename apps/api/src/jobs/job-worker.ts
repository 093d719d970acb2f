import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { closeJobConnection, openJobConnection } from './job-connection.js';
import { JOB_QUEUE_NAME } from './job-queue.js';
import { JobRegistry } from './job-registry.js';

// Jobs wait on Postgres and the bank rail, not on this CPU.
const CONCURRENCY = 8;
// Inside the 30 s most process managers allow between SIGTERM and SIGKILL.
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * Runs queued jobs in processes whose role includes the worker (`all` or `worker`), each with
 * the handler registered for its name. Failures are logged with job name and id; BullMQ keeps
 * the reason and retries as the definition says.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly #logger = new Logger('Jobs');
  #worker?: Worker;
  #connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: JobRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.processRole === 'api') return;
    const connection = openJobConnection(this.config, 'worker');
    const worker = new Worker(JOB_QUEUE_NAME, (job) => this.#run(job), {
      connection,
      prefix: this.config.redisPrefix,
      concurrency: CONCURRENCY,
      autorun: false,
    });
    worker.on('failed', (job, error) => this.#logFailure(job, error));
    worker.on('error', (error) => {
      if (connection.status === 'ready')
        this.#logger.error(`Job worker: ${error.message}`, error.stack);
    });
    worker
      .run()
      .catch((error: Error) => this.#logger.error(`Job worker stopped: ${error.message}`));
    this.#worker = worker;
    this.#connection = connection;
  }

  async #run(job: Job): Promise<void> {
    const registered = this.registry.byName(job.name);
    // Say, not retry: a job left by an older release would never find a handler here.
    if (!registered) throw new UnrecoverableError(`No handler is registered for job ${job.name}.`);
    await registered.handler.handle(job.data, {
      jobId: job.id ?? '',
      attempt: job.attemptsMade + 1,
      attempts: job.opts.attempts ?? 1,
    });
  }

  #logFailure(job: Job | undefined, error: Error): void {
    if (!job) {
      this.#logger.error(`A job failed: ${error.message}`, error.stack);
      return;
    }
    const attempts = job.opts.attempts ?? 1;
    const line = `Job ${job.name} (${job.id}) failed on attempt ${job.attemptsMade} of ${attempts}: ${error.message}`;
    if (job.attemptsMade < attempts && !(error instanceof UnrecoverableError)) {
      this.#logger.warn(`${line}; it will be retried.`);
    } else {
      this.#logger.error(`${line}; giving up.`, error.stack);
    }
  }

  /** Lets running jobs finish (before Postgres and the queue close), then lets go of Redis. */
  async beforeApplicationShutdown(): Promise<void> {
    const worker = this.#worker;
    const connection = this.#connection;
    if (!worker || !connection) return;
    // With Redis unreachable no job of ours can be running, and a graceful close would wait for
    // Redis to come back.
    const closing = worker.close(connection.status !== 'ready');
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      closing.then(
        () => false,
        (error: Error) => (this.#logger.error(`Job worker close: ${error.message}`), false),
      ),
      new Promise<true>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS, true))),
    ]);
    clearTimeout(timer);
    if (late) {
      this.#logger.warn(
        `Jobs still running after ${SHUTDOWN_GRACE_MS / 1000} s; stopping anyway, they will be retried.`,
      );
    }
    await closeJobConnection(connection);
  }
}
