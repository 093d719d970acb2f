import { BBPS_PAYMENT_STATUSES } from '@khata/domain';

/** The longest bill-payment report, in India days, both ends counted. */
export const BBPS_REPORT_DAYS_MAX = 92;

/** The bill-payment counter's and report's own refusals (libs/domain's `BbpsMessages` beside). */
export const BillPaymentMessages = {
  adminsRead: 'Admins read bill payments; a shop makes them.',
  datesInvalid: 'From and to must be dates (YYYY-MM-DD), from first.',
  tooLong: `A report covers at most ${BBPS_REPORT_DAYS_MAX} days.`,
  statusInvalid: `Status must be one of ${BBPS_PAYMENT_STATUSES.join(', ')}.`,
} as const;
