/** The sign-in's pause after wrong passwords (LoginLimits), by number or by address. */
export const LoginLimitMessages = {
  tooManyFailures: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
