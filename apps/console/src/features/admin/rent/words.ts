import type { TFunction } from 'i18next';
import type { RentStatus } from '@khata/domain';

export const STATUS_COLOURS: Record<RentStatus, string> = {
  draft: 'default',
  paid: 'gold',
  stamped: 'gold',
  signing: 'blue',
  signed: 'cyan',
  completed: 'green',
  cancelled: 'red',
};

/** An agreement's status in words (libs/domain's RENT_STATUS_LABELS, in the reader's language). */
const STATUS_KEYS = {
  draft: 'status.draft',
  paid: 'status.paid',
  stamped: 'status.stamped',
  signing: 'status.signing',
  signed: 'status.signed',
  completed: 'status.completed',
  cancelled: 'status.cancelled',
} as const satisfies Record<RentStatus, string>;

export function rentStatusWord(t: TFunction<'rent'>, status: RentStatus): string {
  return t(STATUS_KEYS[status]);
}

/** How the timeline names each step (docs/api.md "Rent agreements"). */
const TIMELINE_KEYS = {
  drafted: 'timeline.drafted',
  paid: 'timeline.paid',
  'stamp-failed': 'timeline.stampFailed',
  stamped: 'timeline.stamped',
  'sent-for-signing': 'timeline.sentForSigning',
  'otp-sent': 'timeline.otpSent',
  'signed-by': 'timeline.signedBy',
  signed: 'timeline.signed',
  completed: 'timeline.completed',
  cancelled: 'timeline.cancelled',
  'cancelled-refunded': 'timeline.cancelledRefunded',
} as const;

/** A timeline step in words; a step this console does not know is shown as the API names it. */
export function timelineWord(t: TFunction<'rent'>, kind: string): string {
  return kind in TIMELINE_KEYS ? t(TIMELINE_KEYS[kind as keyof typeof TIMELINE_KEYS]) : kind;
}

/** "Landlord 1", "Tenant 2": a party by its role and place. */
export function partyWord(
  t: TFunction<'rent'>,
  role: 'landlord' | 'tenant',
  position: number,
): string {
  return role === 'landlord'
    ? t('party.landlord', { n: position + 1 })
    : t('party.tenant', { n: position + 1 });
}
