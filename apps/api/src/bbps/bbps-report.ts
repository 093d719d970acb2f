import { Injectable } from '@nestjs/common';
import {
  addDays,
  BBPS_PAYMENT_STATUSES,
  type BbpsPaymentStatus,
  blank,
  indiaDay,
  indiaDayStart,
  isUuid,
  Messages,
  wholeNumberIn,
} from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { CsvExport } from '../reports/csv-stream.js';
import { ReportScope } from '../reports/report-scope.js';
import { assertMayRead } from './bbps-counter.js';
import type { BbpsPaymentRow } from './bbps-payment.js';
import {
  type BbpsCsvRow,
  type BbpsPaymentFilter,
  type BbpsPaymentTotals,
  BbpsPaymentsRepository,
} from './bbps-payments.repository.js';
import { ListMessages } from '../common/list-messages.js';
import { BBPS_REPORT_DAYS_MAX, BillPaymentMessages } from './bill-payment-messages.js';

/** India days a report covers when none are asked for, and at most (a quarter). */
export const BBPS_REPORT_DAYS_DEFAULT = 30;
export { BBPS_REPORT_DAYS_MAX };

/** The report's filter without paging: what the page, its totals and its CSV all read. */
export type BbpsReportFilter = Omit<BbpsPaymentFilter, 'limit' | 'offset'> & {
  /** The India days asked for, for the CSV's name. */
  fromDay: string;
  toDay: string;
};

/**
 * The bill payment report (`/admin/eBillReport`, issue 27) on the report engine of issue 14:
 * whose payments by ReportScope (a shop its own, a distributor its network, an admin all; a
 * `shopId` narrows to one shop the caller sees), one filter parsed once, and the page, its
 * totals and the CSV all read through the repository's one WHERE, so they cannot disagree.
 */
@Injectable()
export class BbpsReport {
  constructor(
    private readonly payments: BbpsPaymentsRepository,
    private readonly scopes: ReportScope,
    private readonly clock: Clock,
  ) {}

  /** One page, newest first, with the totals of the whole filtered set. */
  async page(
    viewer: AuthUser,
    query: Record<string, unknown>,
  ): Promise<{
    rows: BbpsPaymentRow[];
    total: number;
    page: number;
    pageSize: number;
    totals: BbpsPaymentTotals;
  }> {
    const filter = await this.filter(viewer, query);
    const page = wholeNumberIn(query['page'], 100_000, 1);
    const pageSize = wholeNumberIn(query['pageSize'], 100, 20);
    if (page === null || pageSize === null) {
      throw new AppError(ErrorKind.Invalid, ListMessages.pageNotWhole);
    }
    const result = await this.payments.list({
      ...filter,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { ...result, page, pageSize };
  }

  /** The whole filtered set as a CSV export (streamed by CsvStreamer). */
  async csv(viewer: AuthUser, query: Record<string, unknown>): Promise<CsvExport<BbpsCsvRow>> {
    const filter = await this.filter(viewer, query);
    return this.payments.csv(filter, `bill-payments-${filter.fromDay}-to-${filter.toDay}.csv`);
  }

  /** The query's filters, checked, each bad one refused with a 400 and what is expected. */
  async filter(viewer: AuthUser, query: Record<string, unknown>): Promise<BbpsReportFilter> {
    assertMayRead(viewer);
    const shopId = blank(query['shopId']) ? undefined : String(query['shopId']);
    if (shopId !== undefined && !isUuid(shopId)) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    const scope = await this.scopes.resolve(viewer, shopId ? { userId: shopId } : {});
    const { from, to, fromDay, toDay } = this.window(query['from'], query['to']);
    return {
      scope,
      status: optionalStatus(query['status']),
      categoryCode: blank(query['category']) ? null : String(query['category']),
      billerId: blank(query['billerId']) ? null : String(query['billerId']),
      from,
      to,
      fromDay,
      toDay,
    };
  }

  private window(from: unknown, to: unknown) {
    const today = indiaDay(this.clock.now());
    const toDay = blank(to) ? today : String(to);
    const fromDay = blank(from) ? addDays(toDay, -(BBPS_REPORT_DAYS_DEFAULT - 1)) : String(from);
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (!day.test(fromDay) || !day.test(toDay) || fromDay > toDay) {
      throw new AppError(ErrorKind.Invalid, BillPaymentMessages.datesInvalid);
    }
    if (addDays(fromDay, BBPS_REPORT_DAYS_MAX - 1) < toDay) {
      throw new AppError(ErrorKind.Invalid, BillPaymentMessages.tooLong);
    }
    return {
      from: indiaDayStart(fromDay),
      to: indiaDayStart(addDays(toDay, 1)),
      fromDay,
      toDay,
    };
  }
}

function optionalStatus(value: unknown): BbpsPaymentStatus | null {
  if (blank(value)) return null;
  const status = BBPS_PAYMENT_STATUSES.find((one) => one === value);
  if (!status) {
    throw new AppError(ErrorKind.Invalid, BillPaymentMessages.statusInvalid);
  }
  return status;
}
