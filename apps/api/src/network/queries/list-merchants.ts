import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Viewer } from '@khata/domain';
import {
  MerchantsRepository,
  type MerchantFilter,
  type MerchantRow,
} from '../merchants.repository.js';

/** The retailers of the viewer's network, newest first, a page at a time. */
export class ListMerchantsQuery extends Query<{ rows: MerchantRow[]; total: number }> {
  constructor(
    readonly viewer: Viewer,
    readonly filter: MerchantFilter,
  ) {
    super();
  }
}

@QueryHandler(ListMerchantsQuery)
export class ListMerchantsHandler implements IQueryHandler<ListMerchantsQuery> {
  constructor(private readonly merchants: MerchantsRepository) {}

  execute({ viewer, filter }: ListMerchantsQuery) {
    return this.merchants.list(viewer, filter);
  }
}
