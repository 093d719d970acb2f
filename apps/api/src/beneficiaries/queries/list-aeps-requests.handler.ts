import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type AepsRequest, BeneficiariesRepository } from '../beneficiaries.repository.js';
import { ListAepsRequestsQuery } from './list-aeps-requests.query.js';

@QueryHandler(ListAepsRequestsQuery)
export class ListAepsRequestsHandler implements IQueryHandler<ListAepsRequestsQuery> {
  constructor(private readonly beneficiaries: BeneficiariesRepository) {}

  execute({ status }: ListAepsRequestsQuery): Promise<AepsRequest[]> {
    return this.beneficiaries.listAeps(status);
  }
}
