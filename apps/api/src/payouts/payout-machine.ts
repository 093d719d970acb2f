import {
  type HandResolution,
  type Heard,
  IllegalRailMove,
  type NextStep,
  type RailAnswer,
  type RailFacts,
  railMachine,
  type RailMove,
  type RailTimings,
  type RailTransition,
  type RailView,
} from '../rail/rail-machine.js';
import { PAYOUT_TRANSITIONS, type PayoutStatus } from './payout.js';

/**
 * The payout's instance of the rail state machine (rail/rail-machine.ts): a bank payout and an
 * AEPS settlement move by PAYOUT_TRANSITIONS, a success can come back (a late return). The
 * processor (payout-processor.ts) runs it against the bank rail; the property tests
 * (payout-machine.property.spec.ts) drive it with random rail answers.
 */
export const payoutMachine = railMachine({ noun: 'payout', transitions: PAYOUT_TRANSITIONS });

export const { nextStep, startMove, legalMove, handMove, nextCheckAfter } = payoutMachine;
export {
  handResolutionRefusal,
  isFinal,
  nextReturnCheck,
  recheckAt,
  SEND_SETTLE_MS,
} from '../rail/rail-machine.js';
export type { Heard, NextStep, RailAnswer };

export type PayoutTransition = RailTransition;
export type PayoutFacts = RailFacts;
export type PayoutMove = RailMove & { from: PayoutStatus; to: PayoutStatus };
export type PayoutTimings = RailTimings;
export type PayoutView = RailView;
export type PayoutResolution = HandResolution;
/** A move PAYOUT_TRANSITIONS does not allow. */
export const IllegalPayoutMove = IllegalRailMove;
