import {
  AEPS_FEE_ABOVE_SLAB,
  AEPS_FEE_SLAB_MAX,
  AEPS_FEE_UP_TO_SLAB,
  DEFAULT_PAYOUT_FEES,
  PAYOUT_SLAB_1_MAX,
  PAYOUT_SLAB_2_MAX,
} from '@khata/domain';
import { AppPath, type AppPathPattern } from '../../../../app/paths';
import type { Highlight } from '../../content-types';
import { wholeRupees } from '../../format';
import type { PagesT } from '../../texts';

export interface ServiceSummary extends Highlight {
  /** The service's own page, when it has one. */
  to?: AppPathPattern;
}

/** Each payment service's own page, in the order of `ourServices.payments`. */
export const PAYMENT_SERVICE_PAGES: (AppPathPattern | undefined)[] = [
  undefined,
  undefined,
  undefined,
  AppPath.bioMetrics,
];

/** Each counter service's own page, in the order of `ourServices.counter`. */
export const COUNTER_SERVICE_PAGES: AppPathPattern[] = [
  AppPath.utilityPayments,
  AppPath.rentalAgreement,
  AppPath.documentServices,
  AppPath.businessSolutions,
];

export interface FeeRow {
  service: string;
  range: string;
  fee: string;
}

/** The standard fees; a user's own rate card may set others, and the screen shows the fee first. */
export function standardFees(t: PagesT): FeeRow[] {
  const payout = t('pages:ourServices.fees.payout');
  const aeps = t('pages:ourServices.fees.aepsSettlement');
  return [
    {
      service: payout,
      range: t('pages:ourServices.fees.upTo', { max: wholeRupees(PAYOUT_SLAB_1_MAX) }),
      fee: wholeRupees(DEFAULT_PAYOUT_FEES[1]),
    },
    {
      service: payout,
      range: t('pages:ourServices.fees.between', {
        min: wholeRupees(PAYOUT_SLAB_1_MAX),
        max: wholeRupees(PAYOUT_SLAB_2_MAX),
      }),
      fee: wholeRupees(DEFAULT_PAYOUT_FEES[2]),
    },
    {
      service: payout,
      range: t('pages:ourServices.fees.above', { min: wholeRupees(PAYOUT_SLAB_2_MAX) }),
      fee: wholeRupees(DEFAULT_PAYOUT_FEES[3]),
    },
    {
      service: aeps,
      range: t('pages:ourServices.fees.upTo', { max: wholeRupees(AEPS_FEE_SLAB_MAX) }),
      fee: wholeRupees(AEPS_FEE_UP_TO_SLAB),
    },
    {
      service: aeps,
      range: t('pages:ourServices.fees.above', { min: wholeRupees(AEPS_FEE_SLAB_MAX) }),
      fee: wholeRupees(AEPS_FEE_ABOVE_SLAB),
    },
  ];
}
