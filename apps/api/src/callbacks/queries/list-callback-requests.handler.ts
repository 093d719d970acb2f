import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  CallbackRequestsRepository,
  type CallbackRequestPage,
} from '../callback-requests.repository.js';
import { ListCallbackRequestsQuery } from './list-callback-requests.query.js';

@QueryHandler(ListCallbackRequestsQuery)
export class ListCallbackRequestsHandler implements IQueryHandler<ListCallbackRequestsQuery> {
  constructor(private readonly requests: CallbackRequestsRepository) {}

  execute({ page, pageSize, status }: ListCallbackRequestsQuery): Promise<CallbackRequestPage> {
    return this.requests.latest(page, pageSize, status);
  }
}
