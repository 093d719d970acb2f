import type { JobDefinition, JobHandler } from './job-definition.js';

/** A job wiring mistake: its message names the job and the classes involved. */
export class JobRegistryError extends Error {
  override readonly name = 'JobRegistryError';
}

export interface RegisteredJob {
  definition: JobDefinition<unknown>;
  handler: JobHandler<unknown>;
  /** Where the handler came from, for messages: `SendPayoutHandler in PayoutsModule`. */
  owner: string;
}

/**
 * Every job name with its one handler. Filled at module init and then sealed, so a job with
 * two handlers, or one that is enqueued but handled nowhere, stops start-up instead of
 * failing in the queue hours later.
 */
export class JobRegistry {
  readonly #jobs = new Map<string, RegisteredJob>();
  readonly #enqueued: { definition: JobDefinition<unknown>; by: string }[] = [];
  #sealed = false;

  addHandler(
    definition: JobDefinition<unknown>,
    handler: JobHandler<unknown>,
    owner: string,
  ): void {
    this.#assertOpen();
    const existing = this.#jobs.get(definition.name);
    if (existing) {
      throw new JobRegistryError(
        `Job "${definition.name}" has two handlers, ${existing.owner} and ${owner}: keep one.`,
      );
    }
    this.#jobs.set(definition.name, { definition, handler, owner });
  }

  declareEnqueuer(definition: JobDefinition<unknown>, by: string): void {
    this.#assertOpen();
    this.#enqueued.push({ definition, by });
  }

  seal(): void {
    for (const { definition, by } of this.#enqueued) this.#check(definition, `${by} enqueues`);
    this.#sealed = true;
  }

  /** The registration behind a definition, refusing one the registry would never run. */
  jobFor(definition: JobDefinition<unknown>): RegisteredJob {
    this.#assertSealed();
    return this.#check(definition, 'JobQueue.enqueue was given');
  }

  /** Jobs declared with `everyMs`, which the queue schedules when it opens. */
  scheduled(): JobDefinition<unknown>[] {
    this.#assertSealed();
    return [...this.#jobs.values()]
      .map((job) => job.definition)
      .filter((definition) => definition.everyMs);
  }

  /** The registration for a name read back from the queue. */
  byName(name: string): RegisteredJob | undefined {
    this.#assertSealed();
    return this.#jobs.get(name);
  }

  #check(definition: JobDefinition<unknown>, subject: string): RegisteredJob {
    const job = this.#jobs.get(definition.name);
    if (!job) {
      throw new JobRegistryError(
        `${subject} job "${definition.name}", which has no handler: add a provider with @HandlesJob for it.`,
      );
    }
    if (job.definition !== definition) {
      // Two definitions of one name could disagree on attempts or payload; share the one object.
      throw new JobRegistryError(
        `${subject} job "${definition.name}" with a definition other than the one ${job.owner} handles: import that one.`,
      );
    }
    return job;
  }

  #assertOpen(): void {
    if (this.#sealed) throw new JobRegistryError('Jobs are registered at start-up only.');
  }

  #assertSealed(): void {
    if (!this.#sealed) {
      throw new JobRegistryError('Jobs are not registered yet: wait for the application to start.');
    }
  }
}
