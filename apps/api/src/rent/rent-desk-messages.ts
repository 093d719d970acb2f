import { RENT_STATUSES } from '@khata/domain';

/** The rent desk's own refusals (libs/domain's `RentMessages` beside). */
export const RentDeskMessages = {
  otpUnavailable: 'The OTP could not be sent. Please try again.',
  pageNotWhole: 'Page and page size are whole numbers.',
  statusInvalid: `Status must be one of ${RENT_STATUSES.join(', ')}.`,
  adminsRead: 'Admins read rent agreements; a shop makes them.',
  /** The public tracking's misses (RentTrackMissLimit). */
  tooManyTries: (minutes: number) =>
    `Too many tries. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
