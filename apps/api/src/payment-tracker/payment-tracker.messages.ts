export const PaymentTrackerMessages = {
  queryInvalid: 'Enter an order id (KH and its digits) or a UTR of 6 to 35 letters and digits.',
  /** The same words for a payment that does not exist and one outside the caller's network. */
  notFound: 'No payment with this order id or UTR was found in your network.',
  linkInvalid: 'This is not a Khata receipt link. Please scan the code on the receipt again.',
  linkUnknown:
    'No receipt matches this link. Please scan the code on the receipt again, or ask the shop.',
  /** The public check's limit (ReceiptCheckLimit), per address. */
  tooManyChecks: (minutes: number) =>
    `Too many receipt checks from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
