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

/** How the timeline names each step (docs/api.md "Rent agreements"). */
export const TIMELINE_WORDS: Record<string, string> = {
  drafted: 'Drafted',
  paid: 'Paid',
  'stamp-failed': 'E-stamp not bought (try again)',
  stamped: 'Stamp ordered',
  'sent-for-signing': 'Sent for signing',
  'otp-sent': 'eSign OTP sent',
  'signed-by': 'Signed by',
  signed: 'Signed by every party',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'cancelled-refunded': 'Cancelled and refunded',
};
