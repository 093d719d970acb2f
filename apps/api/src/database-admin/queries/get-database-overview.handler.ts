import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { QueueDepth } from '@khata/domain';
import { LaggingReads } from '../../database/lagging-reads.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { DatabaseAdminRepository } from '../database-admin.repository.js';
import {
  GetDatabaseOverviewQuery,
  type DatabaseOverviewFigures,
} from './get-database-overview.query.js';

@QueryHandler(GetDatabaseOverviewQuery)
export class GetDatabaseOverviewHandler implements IQueryHandler<GetDatabaseOverviewQuery> {
  constructor(
    private readonly repository: DatabaseAdminRepository,
    private readonly jobs: JobQueue,
    private readonly laggingReads: LaggingReads,
  ) {}

  async execute(): Promise<DatabaseOverviewFigures> {
    const [tables, lastVerify, readModel, migrations, queues, replica] = await Promise.all([
      this.repository.tables(),
      this.repository.lastVerifyRun(),
      this.repository.readModelLag(),
      this.repository.migrations(),
      this.queueDepths(),
      this.laggingReads.lag(),
    ]);
    return { tables, lastVerify, readModel, replica, queues, migrations };
  }

  /** Redis down is news for the screen, not a failed page: the queue shows no figures. */
  private async queueDepths(): Promise<QueueDepth[]> {
    try {
      return [await this.jobs.depths()];
    } catch {
      return [];
    }
  }
}
