import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ApiKeySummary } from '@khata/domain';
import { PartnerKeysRepository, toApiKeySummary } from '../partner-keys.repository.js';

/** The partner's own keys, live first, newest first; never a secret. */
export class ListApiKeysQuery extends Query<ApiKeySummary[]> {
  constructor(readonly partnerId: string) {
    super();
  }
}

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery> {
  constructor(private readonly keys: PartnerKeysRepository) {}

  async execute({ partnerId }: ListApiKeysQuery): Promise<ApiKeySummary[]> {
    return (await this.keys.list(partnerId)).map(toApiKeySummary);
  }
}
