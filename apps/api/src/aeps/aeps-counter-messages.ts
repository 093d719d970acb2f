/** The AEPS counter's own refusals (the spec's and the shared ones are libs/domain's `AepsMessages`). */
export const AepsCounterMessages = {
  /** The list's status filter: the statuses of `STATUSES` in aeps-counter.ts. */
  statusInvalid: 'Status must be one of queued, processing, processed, failed.',
  providerSilent: 'The AEPS provider did not answer. Please try again in a minute.',
  adminsRead: 'Admins read AEPS transactions; a shop serves them.',
} as const;
