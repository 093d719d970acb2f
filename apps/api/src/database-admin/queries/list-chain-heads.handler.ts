import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ChainHeadRow } from '@khata/domain';
import { DatabaseAdminRepository } from '../database-admin.repository.js';
import { ListChainHeadsQuery } from './list-chain-heads.query.js';

@QueryHandler(ListChainHeadsQuery)
export class ListChainHeadsHandler implements IQueryHandler<ListChainHeadsQuery> {
  constructor(private readonly repository: DatabaseAdminRepository) {}

  execute({
    page,
    pageSize,
  }: ListChainHeadsQuery): Promise<{ rows: ChainHeadRow[]; total: number }> {
    return this.repository.chainHeads({ limit: pageSize, offset: (page - 1) * pageSize });
  }
}
