import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  checkReportOrder,
  checkReportPage,
  checkReportPageSize,
  checkReportSort,
  reportRange,
  reportTypes,
  type Check,
  type TransactionReportAnswer,
  type Viewer,
} from '@khata/domain';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { ReportScope } from '../../reports/report-scope.js';
import type { TransactionReportDto } from './transaction-report.dto.js';
import {
  TransactionReportRepository,
  type TransactionReportFilter,
} from './transaction-report.repository.js';

function checked<T>(result: Check<T>): T {
  if (!result.ok) throw new AppError(ErrorKind.Invalid, result.message);
  return result.value;
}

/**
 * A checked request made into the engine's filter: the range (India's today by default, at
 * most REPORT_MAX_DAYS), the preset's types, and whose rows (ReportScope: a user outside the
 * caller's network is a 404). Shared by the page and the CSV.
 */
export async function reportFilter(
  scopes: ReportScope,
  viewer: Viewer,
  request: TransactionReportDto,
  now: Date,
): Promise<TransactionReportFilter> {
  const range = checked(reportRange(request.from, request.to, now));
  const types = checked(reportTypes(request.report ?? 'transactions', request.type));
  const scope = await scopes.resolve(viewer, {
    userId: request.userId,
    subtree: request.subtree === true,
  });
  return {
    scope,
    ...range,
    types,
    status: request.status,
    search: request.search,
    sort: checked(checkReportSort(request.sort)),
    order: checked(checkReportOrder(request.order)),
  };
}

/** One page of a transaction report, with the totals of its whole filtered set. */
export class GetTransactionReportQuery extends Query<Omit<TransactionReportAnswer, 'success'>> {
  constructor(
    readonly viewer: Viewer,
    readonly request: TransactionReportDto,
  ) {
    super();
  }
}

@QueryHandler(GetTransactionReportQuery)
export class GetTransactionReportHandler implements IQueryHandler<GetTransactionReportQuery> {
  constructor(
    private readonly reports: TransactionReportRepository,
    private readonly scopes: ReportScope,
    private readonly clock: Clock,
  ) {}

  async execute({ viewer, request }: GetTransactionReportQuery) {
    const filter = await reportFilter(this.scopes, viewer, request, this.clock.now());
    const page = checked(checkReportPage(request.page));
    const pageSize = checked(checkReportPageSize(request.pageSize));
    const { rows, total, totals } = await this.reports.page(filter, { page, pageSize });
    return { data: rows, total, page, pageSize, from: filter.from, to: filter.to, totals };
  }
}
