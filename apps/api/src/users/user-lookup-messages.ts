/** Looking users up by mobile number: the limits' refusals. */
export const UserLookupMessages = {
  /** Numbers outside the caller's network (MobileProbeLimit). */
  tooManyOutside: (minutes: number) =>
    `Too many attempts with numbers outside your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The wallet transfer's recipient look-up (WalletHolderLimits). */
  tooManyLookups: (seconds: number) =>
    `Too many look-ups. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;
