import { Injectable } from '@nestjs/common';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { PgLoads } from './pg-loads.js';

/**
 * The reconciler (issue 28): each minute, open orders older than PG_RECONCILE_AFTER_MINUTES
 * (a browser that never came back, a webhook that never came) are asked about: our own fetch
 * of the gateway's order, applied like its webhooks (once).
 */
export const pgReconcileJob = defineJob<Record<string, never>>({
  name: 'pg.reconcile',
  attempts: 1,
  everyMs: 60_000,
});

@Injectable()
@HandlesJob(pgReconcileJob)
export class PgReconcileHandler implements JobHandler<Record<string, never>> {
  constructor(private readonly loads: PgLoads) {}

  async handle(): Promise<void> {
    await this.loads.sweep();
  }
}
