import { railMachine, type RailTransitions } from '../rail/rail-machine.js';

/**
 * The bill payment's instance of the rail state machine (rail/rail-machine.ts, issue 27):
 * queued → processing (sent; a timeout, a garbled answer or `pending` keeps it here, asked
 * about by status enquiry, never sent again) → processed | failed. No late return: a bill paid
 * is the biller's; a dispute goes through a BBPS complaint.
 */
export const BBPS_TRANSITIONS: RailTransitions = {
  queued: ['processing'],
  processing: ['processed', 'failed'],
  processed: [],
  failed: [],
  reversed: [],
};

export const bbpsMachine = railMachine({ noun: 'bill payment', transitions: BBPS_TRANSITIONS });
