/** The transaction PIN's refusals: a wrong PIN, the lock it sets, the pause of an address. */
export const PinMessages = {
  wrong: (triesLeft: number) =>
    `Incorrect PIN. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  lockedUntilReset:
    'Too many wrong PINs. Money movement is locked until your PIN is reset: please ask your upline or an admin.',
  /** A lock shorter than two hours, in whole minutes. */
  lockedMinutes: (minutes: number) =>
    `Too many wrong PINs. Money movement is locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** A lock of two hours or more, in whole hours. */
  lockedHours: (hours: number) =>
    `Too many wrong PINs. Money movement is locked for ${hours} hours.`,
  addressPaused: (minutes: number) =>
    `Too many wrong PINs from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
