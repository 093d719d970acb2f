import { plural } from '@khata/domain';

/** Sign-in links tried from one address (libs/domain's `LinkLoginMessages` beside). */
export const SignInLinkMessages = {
  tooManyTried: (minutes: number) =>
    `Too many sign-in links were tried from here. Please try again in ${plural(minutes, 'minute')}.`,
} as const;
