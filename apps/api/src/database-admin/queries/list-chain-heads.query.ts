import { Query } from '@nestjs/cqrs';
import type { ChainHeadRow } from '@khata/domain';

/** A page of the accounts' chain heads, the most recently moved first. */
export class ListChainHeadsQuery extends Query<{ rows: ChainHeadRow[]; total: number }> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
