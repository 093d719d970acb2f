import { Query } from '@nestjs/cqrs';
import type { CallbackStatusFilter } from '@khata/domain';
import type { CallbackRequestPage } from '../callback-requests.repository.js';

/** The latest call-back requests, newest first, for the admins who return the calls. */
export class ListCallbackRequestsQuery extends Query<CallbackRequestPage> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
    readonly status: CallbackStatusFilter = 'all',
  ) {
    super();
  }
}
