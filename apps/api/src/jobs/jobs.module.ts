import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobExplorer } from './job-explorer.js';
import { JobQueue } from './job-queue.js';
import { JobRegistry } from './job-registry.js';
import { JobWorker } from './job-worker.js';

/**
 * Background jobs on one BullMQ queue. Features declare a job with `defineJob` and a
 * `@HandlesJob` provider next to it, and enqueue through the global `JobQueue`.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    { provide: JobRegistry, useFactory: () => new JobRegistry() },
    JobExplorer,
    JobQueue,
    JobWorker,
  ],
  exports: [JobQueue],
})
export class JobsModule {}
