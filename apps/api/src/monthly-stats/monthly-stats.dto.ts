import {
  checkDayAgo,
  checkOptionalUser,
  checkMonthText,
  type DayBookRequest,
  type MonthlyStatsRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

/** `/admin/monthlyStats`, `/admin/monthlyStats/close` and `/admin/monthlyStats/csv`: month
 * (that it has started is the handlers' check, on the injected clock). */
export class MonthDto implements MonthlyStatsRequest {
  @Satisfies(checkMonthText) month!: string;
}

/** `/user/dayBook`: dayAgo 0..365; an admin may name a user. */
export class DayBookDto implements DayBookRequest {
  @Satisfies(checkDayAgo) dayAgo!: number;
  @Satisfies(checkOptionalUser) userId?: string;
}
