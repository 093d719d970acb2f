import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DatabaseMessages } from '@khata/domain';
import { signedHead, type SignedHead } from '@khata/ledger';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import { GetSignedHeadQuery } from './get-signed-head.query.js';

@QueryHandler(GetSignedHeadQuery)
export class GetSignedHeadHandler implements IQueryHandler<GetSignedHeadQuery> {
  constructor(private readonly db: Db) {}

  async execute({ day }: GetSignedHeadQuery): Promise<SignedHead> {
    const head = await signedHead(this.db, day);
    if (!head) throw new AppError(ErrorKind.NotFound, DatabaseMessages.noSignedHead(day));
    return head;
  }
}
