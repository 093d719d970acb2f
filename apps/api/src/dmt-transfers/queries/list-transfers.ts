import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  blank,
  DmtTransferMessages,
  type DmtTransferStatusFilter,
  isDmtTransferStatusFilter,
  networkScope,
  type TransferProduct,
  wholeNumberIn,
} from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { assertMayListDmt } from '../dmt-transfer-access.js';
import { type DmtTransferListRow, DmtTransfersRepository } from '../dmt-transfers.repository.js';
import { ListMessages } from '../../common/list-messages.js';

const PAGE_SIZE_MAX = 100;

export interface DmtTransfersPage {
  rows: DmtTransferListRow[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * `POST /api/dmt/transfers`: a retailer's own transfers, a distributor's network's, an admin's
 * all (libs/domain `networkScope`), newest first, by status or the refund queues.
 */
export class ListDmtTransfersQuery extends Query<DmtTransfersPage> {
  constructor(
    readonly viewer: AuthUser,
    readonly filter: { status?: unknown; page?: unknown; pageSize?: unknown },
    readonly product: TransferProduct = 'dmt',
  ) {
    super();
  }
}

@QueryHandler(ListDmtTransfersQuery)
export class ListDmtTransfersHandler implements IQueryHandler<ListDmtTransfersQuery> {
  constructor(private readonly transfers: DmtTransfersRepository) {}

  async execute({ viewer, filter, product }: ListDmtTransfersQuery): Promise<DmtTransfersPage> {
    assertMayListDmt(viewer, product);
    let status: DmtTransferStatusFilter | null = null;
    if (!blank(filter.status)) {
      if (!isDmtTransferStatusFilter(filter.status)) {
        throw new AppError(ErrorKind.Invalid, DmtTransferMessages.statusFilterInvalid);
      }
      status = filter.status;
    }
    const page = wholeNumberIn(filter.page, 100_000, 1);
    const pageSize = wholeNumberIn(filter.pageSize, PAGE_SIZE_MAX, 20);
    if (page === null || pageSize === null) {
      throw new AppError(ErrorKind.Invalid, ListMessages.pageNotWhole);
    }
    const { rows, total } = await this.transfers.list({
      product,
      scope: networkScope(viewer),
      status,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { rows, total, page, pageSize };
  }
}
