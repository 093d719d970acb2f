/** The payouts feature's own sentences (ours: the spec is silent on these). */
export const PayoutMessages = {
  noPayoutService: 'Your account does not have the payout service.',
  beneficiaryNotFound:
    'No saved beneficiary matches this account number and IFSC. Please add the beneficiary first.',
  aepsAccountNotFound: 'No approved AEPS account matches this account number and IFSC.',
  duplicate:
    'A payment of the same amount to this account was made in the last 20 minutes. Please confirm to send it again.',
  keyReused: 'This Idempotency-Key was already used for a different request.',
  ratesInvalid: 'Your payout rates are not set up correctly. Please contact support.',
  queued: 'Payout request accepted. It is being processed.',
  typeInvalid: 'Type must be payout or aeps.',
  notFound: 'Payout not found.',
  unlimitedBankOnly: 'The unlimited payout pays bank beneficiaries only.',
} as const;

/** The numeric code of a refusal a client acts on (API.md: `code` where one applies). */
export const PayoutCodes = {
  /** Same amount, account and IFSC within 20 minutes: ask, then resend with confirmDuplicate. */
  duplicate: 4091,
} as const;
