/** Onboarding a user (an upline or an admin creates one): the role the form names. */
export const OnboardUserMessages = {
  /** The product's role names, from the user directory. */
  roleInvalid: (roles: readonly string[]) => `Role must be one of ${roles.join(', ')}.`,
} as const;

/** Signing up from the public form (libs/domain's `OnboardingMessages` beside). */
export const SignUpMessages = {
  tooMany: (minutes: number) =>
    `Too many sign-ups from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
