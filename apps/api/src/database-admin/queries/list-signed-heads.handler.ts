import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { signedHeads, type SignedHead } from '@khata/ledger';
import { Db } from '../../database/unit-of-work.js';
import { ListSignedHeadsQuery } from './list-signed-heads.query.js';

/** Read through the ledger's read API (libs/ledger `signed-heads.ts`), on the pool. */
@QueryHandler(ListSignedHeadsQuery)
export class ListSignedHeadsHandler implements IQueryHandler<ListSignedHeadsQuery> {
  constructor(private readonly db: Db) {}

  execute({
    page,
    pageSize,
  }: ListSignedHeadsQuery): Promise<{ rows: SignedHead[]; total: number }> {
    return signedHeads(this.db, { limit: pageSize, offset: (page - 1) * pageSize });
  }
}
