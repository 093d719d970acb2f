import { railMachine, type RailStatus, type RailTransitions } from '../rail/rail-machine.js';

/**
 * The DMT transfer's instance of the rail state machine (rail/rail-machine.ts, issue 25):
 * queued (initiated) → processing (sent; a timeout, a garbage answer or `pending` keeps it
 * here, asked about by status enquiry, never sent again blindly) → processed (success) |
 * failed; processed → reversed when the bank returns it later. `processing → reversed` is
 * there too: a provider that, asked, answers "paid and already returned" has no other honest
 * move (the sandbox's ending 008). Failed and reversed both put the money into refund pending:
 * it goes back to the retailer's wallet only with the customer's OTP (dmt/transfers.ts).
 */
export type DmtTransferStatus = RailStatus;

export const DMT_TRANSFER_TRANSITIONS: RailTransitions = {
  queued: ['processing'],
  processing: ['processed', 'failed', 'reversed'],
  processed: ['reversed'],
  failed: [],
  reversed: [],
};

/** The statuses whose money is the customer's to take back (after the refund OTP). */
export const DMT_REFUNDABLE: readonly DmtTransferStatus[] = ['failed', 'reversed'];

export const dmtTransferMachine = railMachine({
  noun: 'DMT transfer',
  transitions: DMT_TRANSFER_TRANSITIONS,
});
