import { SetMetadata } from '@nestjs/common';

declare const payload: unique symbol;

export interface JobBackoff {
  type: 'fixed' | 'exponential';
  /** Milliseconds before the first retry; exponential doubles it each time. */
  delay: number;
}

/**
 * One job as a feature declares it, next to its handler. Enqueuers and the handler share this
 * object, so the payload type is checked on both sides. The payload travels as JSON: ids and
 * plain values, never entities or Dates.
 */
export interface JobDefinition<TData> {
  readonly name: string;
  /** Runs in total, the first included. Handlers must be idempotent: a retry repeats work. */
  readonly attempts: number;
  readonly backoff?: JobBackoff;
  /** Runs on its own every so many milliseconds (a BullMQ job scheduler), once per deployment. */
  readonly everyMs?: number;
  /** Never set: it only ties TData to the definition for the compiler. */
  readonly [payload]?: TData;
}

export interface JobContext {
  /** The business id the job was enqueued with. */
  jobId: string;
  /** 1 on the first run, up to `attempts`. */
  attempt: number;
  attempts: number;
}

export interface JobHandler<TData> {
  handle(data: TData, context: JobContext): Promise<void>;
}

const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/** `defineJob<PayoutJobData>({ name: 'payout.send', attempts: 5, backoff: … })`. */
export function defineJob<TData>(definition: {
  name: string;
  attempts: number;
  backoff?: JobBackoff;
  everyMs?: number;
}): JobDefinition<TData> {
  const { name, attempts, backoff, everyMs } = definition;
  if (!JOB_NAME.test(name)) {
    throw new Error(`Job name "${name}" must read feature.action, such as "payout.send".`);
  }
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new Error(`Job "${name}" needs attempts as a whole number of at least 1.`);
  }
  if (backoff && !(Number.isInteger(backoff.delay) && backoff.delay > 0)) {
    throw new Error(`Job "${name}" needs a backoff delay in whole milliseconds above 0.`);
  }
  if (everyMs !== undefined && !(Number.isInteger(everyMs) && everyMs >= 1000)) {
    throw new Error(`Job "${name}" needs everyMs as whole milliseconds, at least 1000.`);
  }
  return Object.freeze({
    name,
    attempts,
    ...(backoff && { backoff: { ...backoff } }),
    ...(everyMs !== undefined && { everyMs }),
  });
}

export const JOB_HANDLER = 'khata:job-handler';
export const JOB_ENQUEUER = 'khata:job-enqueuer';

/**
 * Marks a provider as the one handler of a job. The compiler checks that `handle` takes the
 * job's payload; the registry checks at start-up that no other provider handles the same name.
 */
export function HandlesJob<TData>(definition: JobDefinition<TData>) {
  return (target: abstract new (...args: never[]) => JobHandler<TData>): void => {
    SetMetadata(JOB_HANDLER, definition)(target);
  };
}

/** Declares the jobs a provider enqueues, so start-up fails if one of them has no handler. */
export function EnqueuesJobs(...definitions: JobDefinition<unknown>[]): ClassDecorator {
  return SetMetadata(JOB_ENQUEUER, definitions);
}
