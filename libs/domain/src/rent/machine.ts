import { type Check, fail, pass } from '../check.js';
import { RentMessages } from './agreement.js';

/**
 * An agreement's life (issue 28): draft → paid → stamped (the e-stamp certificate bought) →
 * signing (sent to every party) → signed (the last party signed) → completed (the signed PDF
 * made); cancelled from draft (nothing charged) or from paid (refunded: the stamp is not bought
 * yet). Once the stamp paper is bought the money is spent, so there is no cancel after it.
 * Each state's time is kept on the row and each step on the timeline.
 */
export const RENT_STATUSES = [
  'draft',
  'paid',
  'stamped',
  'signing',
  'signed',
  'completed',
  'cancelled',
] as const;
export type RentStatus = (typeof RENT_STATUSES)[number];

export type RentEvent =
  | { kind: 'pay' }
  | { kind: 'stamp' }
  | { kind: 'sendForSigning' }
  | { kind: 'partySigned'; remaining: number }
  | { kind: 'complete' }
  | { kind: 'cancel' };

export const RENT_STATUS_LABELS: Record<RentStatus, string> = {
  draft: 'Draft',
  paid: 'Paid',
  stamped: 'Stamp ordered',
  signing: 'Sent for signing',
  signed: 'Signed by all parties',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The state after an event, or the refusal the caller answers with (a 409). */
export function nextRentStatus(status: RentStatus, event: RentEvent): Check<RentStatus> {
  switch (event.kind) {
    case 'pay':
      if (status === 'draft') return pass('paid');
      return fail(status === 'cancelled' ? RentMessages.notDraft : RentMessages.alreadyPaid);
    case 'stamp':
      return status === 'paid' ? pass('stamped') : fail(RentMessages.notPaid);
    case 'sendForSigning':
      return status === 'stamped' ? pass('signing') : fail(RentMessages.notSigning);
    case 'partySigned':
      if (status !== 'signing') return fail(RentMessages.notSigning);
      return pass(event.remaining > 0 ? 'signing' : 'signed');
    case 'complete':
      return status === 'signed' ? pass('completed') : fail(RentMessages.pdfNotReady);
    case 'cancel':
      return status === 'draft' || status === 'paid'
        ? pass('cancelled')
        : fail(RentMessages.cannotCancel);
  }
}

/** Whether cancelling refunds the wallet: only a paid agreement (a draft charged nothing). */
export function cancelRefunds(status: RentStatus): boolean {
  return status === 'paid';
}
