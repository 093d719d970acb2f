import { Query } from '@nestjs/cqrs';
import type { DatabaseOverview } from '@khata/domain';

export type DatabaseOverviewFigures = Omit<DatabaseOverview, 'success'>;

/** The Database screen's figures: tables, the last verify, read-model lag, the replica, queues, migrations. */
export class GetDatabaseOverviewQuery extends Query<DatabaseOverviewFigures> {}
