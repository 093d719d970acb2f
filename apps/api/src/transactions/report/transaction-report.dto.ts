import {
  checkReportDay,
  checkReportOrder,
  checkReportPage,
  checkReportPageSize,
  checkReportPreset,
  checkReportSearch,
  checkReportSort,
  checkReportStatus,
  checkReportSubtree,
  checkReportType,
  checkReportUser,
  type ReportOrder,
  type ReportPreset,
  type ReportSortKey,
  type TransactionKind,
  type TransactionReportRequest,
  type TransactionStatus,
} from '@khata/domain';
import { Satisfies } from '../../common/http/satisfies.js';

/**
 * The transaction report's request (`/api/reports/transactions` and `.csv`). The global pipe
 * refuses a field not declared here, so an unknown filter is a 400 with its name.
 */
export class TransactionReportDto implements TransactionReportRequest {
  @Satisfies(checkReportPreset) report?: ReportPreset;
  @Satisfies(checkReportDay) from?: string;
  @Satisfies(checkReportDay) to?: string;
  @Satisfies(checkReportStatus) status?: TransactionStatus;
  @Satisfies(checkReportType) type?: TransactionKind;
  @Satisfies(checkReportSearch) search?: string;
  @Satisfies(checkReportUser) userId?: string;
  @Satisfies(checkReportSubtree) subtree?: boolean;
  @Satisfies(checkReportSort) sort?: ReportSortKey;
  @Satisfies(checkReportOrder) order?: ReportOrder;
  @Satisfies(checkReportPage) page?: number;
  @Satisfies(checkReportPageSize) pageSize?: number;
}
