import type { Paise } from './money.js';

/**
 * Issue 31 item 4: four eyes on money one admin could mint. An admin credit or debit above the
 * threshold (configuration, ADMIN_APPROVAL_THRESHOLD), and an admin's approval of a fund request
 * with no bank-statement line behind it, wait in the Approvals queue until a second admin
 * approves with their PIN. Nothing reaches the ledger before.
 */
export const APPROVAL_KINDS = ['wallet.credit', 'wallet.debit', 'fund-request.approve'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATES = ['pending', 'approving', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** ₹1,00,000: the default threshold above which an admin credit or debit needs a second admin. */
export const DEFAULT_APPROVAL_THRESHOLD: Paise = 1_00_000_00;

export const APPROVAL_REASON_MAX = 300;

export const ApprovalMessages = {
  sentForApproval: "Sent for a second admin's approval.",
  ownWallet: 'An admin cannot credit or debit their own wallet.',
  ownRequest: 'You asked for this; a second admin must approve it.',
  ownWalletApproval: 'You cannot decide on money for your own wallet.',
  notFound: 'Approval request not found',
  alreadyDecided: (state: ApprovalState) =>
    state === 'approving'
      ? 'Another admin is approving this request.'
      : `This approval request has already been ${state}.`,
  alreadyAwaiting: "This payment request is already waiting for a second admin's approval.",
  approved: 'Approved; the money has moved.',
  rejected: 'Approval request rejected.',
  actionInvalid: 'Action must be approve or reject.',
  reasonRequired: 'Give the reason for the rejection.',
  reasonTooLong: `The reason can be at most ${APPROVAL_REASON_MAX} characters.`,
  keyReused:
    'This Idempotency-Key was already used for a different request; send a new key for a new request.',
} as const;

/** What a four-eyes request is about, in the queue's words. */
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  'wallet.credit': 'Wallet credit',
  'wallet.debit': 'Wallet debit',
  'fund-request.approve': 'Payment request (no bank line)',
};

/** Whether an admin credit or debit of this many paise needs a second admin. */
export function needsSecondAdmin(amount: Paise, threshold: Paise): boolean {
  return amount > threshold;
}
