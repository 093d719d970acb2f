import { type CompensationPaid, NO_PAYOUT_SERVICE_MESSAGE, type PayoutKind } from '@khata/domain';

/** The payouts feature's own sentences (ours: the spec is silent on these). */
export const PayoutMessages = {
  noPayoutService: NO_PAYOUT_SERVICE_MESSAGE,
  /** No payee of the kind's own (a saved bank beneficiary, an approved AEPS account). */
  payeeNotFound: {
    payout:
      'No saved beneficiary matches this account number and IFSC. Please add the beneficiary first.',
    aepsSettlement: 'No approved AEPS account matches this account number and IFSC.',
  } satisfies Record<PayoutKind, string>,
  keyReused: 'This Idempotency-Key was already used for a different request.',
  ratesInvalid: 'Your payout rates are not set up correctly. Please contact support.',
  queued: 'Payout request accepted. It is being processed.',
  typeInvalid: 'Type must be payout or aeps.',
  notFound: 'Payout not found.',
  unlimitedBankOnly: 'The unlimited payout pays bank beneficiaries only.',
} as const;

export const CompensationMessages = {
  notFailed: (status: string) =>
    `Only a payout that failed or was reversed before payment is owed compensation; this one is ${status}.`,
  paidByBank: 'The bank paid this payout before it came back: no compensation is owed.',
  onTime: 'This payout came back by T + 1: no compensation is owed.',
  alreadyPaid: (paid: CompensationPaid) =>
    `The compensation of ₹${paid.amount} was already paid on ${paid.at.slice(0, 10)}.`,
  /** The same, when the earlier payment's row cannot be read. */
  paidAlready: 'Already paid.',
} as const;
