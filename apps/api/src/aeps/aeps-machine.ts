import { railMachine, type RailTransitions } from '../rail/rail-machine.js';

/**
 * The AEPS transaction's instance of the rail state machine (rail/rail-machine.ts, issue 26):
 * queued → processing (sent; a timeout, a garbled answer or `pending` keeps it here, asked
 * about by status enquiry, never sent again) → processed | failed. No late return: a withdrawal
 * the bank debited but failed is `failed` with `bankDebited`, and the bank's credit adjustment
 * (RBI's T+5) is the customer's, outside Khata's ledger.
 */
export const AEPS_TRANSITIONS: RailTransitions = {
  queued: ['processing'],
  processing: ['processed', 'failed'],
  processed: [],
  failed: [],
  reversed: [],
};

export const aepsMachine = railMachine({ noun: 'AEPS transaction', transitions: AEPS_TRANSITIONS });
