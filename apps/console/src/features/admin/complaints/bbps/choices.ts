import type { TFunction } from 'i18next';
import { BBPS_SERVICE_REASONS, BBPS_TRANSACTION_DISPOSITIONS } from '@khata/domain';

/**
 * NPCI's dispositions and reasons (libs/domain) are what the API takes and stores; a reader sees
 * them in their own language through these keys.
 */
export const DISPOSITION_KEYS = {
  'Transaction Successful, account not updated': 'bbps.disposition.accountNotUpdated',
  'Amount deducted, biller account credited but transaction ID not received':
    'bbps.disposition.noTransactionId',
  'Amount deducted, biller account not credited & transaction ID not received':
    'bbps.disposition.notCredited',
  'Amount deducted multiple times': 'bbps.disposition.deductedMultipleTimes',
  'Double payment updated': 'bbps.disposition.doublePayment',
  'Erroneously paid in wrong account': 'bbps.disposition.wrongAccount',
  'Others, provide details in description': 'bbps.disposition.others',
} as const satisfies Record<(typeof BBPS_TRANSACTION_DISPOSITIONS)[number], string>;

export const REASON_KEYS = {
  'Agent not willing to print receipt': 'bbps.reason.noReceipt',
  'Agent misbehaved': 'bbps.reason.misbehaved',
  'Agent outlet closed': 'bbps.reason.outletClosed',
  'Agent denying registration of complaint': 'bbps.reason.refusedComplaint',
  'Agent not accepting certain bills': 'bbps.reason.refusedBills',
  'Agent overcharging': 'bbps.reason.overcharging',
  'Biller not updating payments': 'bbps.reason.billerNotUpdating',
  'Others, provide details in description': 'bbps.disposition.others',
} as const satisfies Record<(typeof BBPS_SERVICE_REASONS)[number], string>;

type Disposition = keyof typeof DISPOSITION_KEYS;
type Reason = keyof typeof REASON_KEYS;

/** One of NPCI's transaction dispositions, in the reader's language. */
export function dispositionLabel(t: TFunction<'complaints'>, value: Disposition): string {
  return t(DISPOSITION_KEYS[value]);
}

/** One of NPCI's service complaint reasons, in the reader's language. */
export function reasonLabel(t: TFunction<'complaints'>, value: Reason): string {
  return t(REASON_KEYS[value]);
}

/** A stored disposition or reason in the reader's language; one these lists do not know, as stored. */
export function dispositionText(t: TFunction<'complaints'>, stored: string): string {
  if (stored in DISPOSITION_KEYS) return dispositionLabel(t, stored as Disposition);
  if (stored in REASON_KEYS) return reasonLabel(t, stored as Reason);
  return stored;
}
