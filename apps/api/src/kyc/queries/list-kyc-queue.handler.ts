import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { seesOthers } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { type KycQueueEntry, KycRepository } from '../kyc.repository.js';
import { ListKycQueueQuery } from './list-kyc-queue.query.js';
import { rowsOfPage } from '../../common/http/paging.js';

export const NOT_A_REVIEWER = 'You are not allowed to do this.';

@QueryHandler(ListKycQueueQuery)
export class ListKycQueueHandler implements IQueryHandler<ListKycQueueQuery> {
  constructor(
    private readonly kyc: KycRepository,
    private readonly scopes: NetworkScopes,
  ) {}

  execute({
    viewer,
    state,
    page,
    pageSize,
  }: ListKycQueueQuery): Promise<{ rows: KycQueueEntry[]; total: number }> {
    // Reviewing is work on other people: an employee without the staff service has none.
    if (!seesOthers(viewer)) throw new AppError(ErrorKind.Forbidden, NOT_A_REVIEWER);
    const params: unknown[] = [];
    const visible = this.scopes.visibleFilter(viewer, 'u', params);
    return this.kyc.queue({
      visible,
      params,
      state,
      ...rowsOfPage(page, pageSize),
    });
  }
}
