import { type Check, fail, pass } from '../check.js';
import type { Ok } from './common.js';
import type { Profile } from './auth.js';

/** `POST /api/user/userData`: the caller's own profile. */
export interface UserDataAnswer extends Ok {
  profile: Profile;
}

/** Issue 30: the console's languages, as the profile remembers the user's choice. */
export const USER_LANGUAGES = ['en', 'hi'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

/** `POST /api/user/language` (issue 30): the signed-in caller's console language. */
export interface SetLanguageRequest {
  language: UserLanguage;
}

export interface SetLanguageAnswer extends Ok {
  message: string;
  language: UserLanguage;
}

/** Ours (issue 30). */
export const UserLanguageMessages = {
  invalid: 'Language must be "en" (English) or "hi" (Hindi).',
  saved: 'Language saved.',
} as const;

export function checkUserLanguage(input: unknown): Check<UserLanguage> {
  return USER_LANGUAGES.some((language) => language === input)
    ? pass(input as UserLanguage)
    : fail(UserLanguageMessages.invalid);
}

/** `POST /api/user/fetchUserInfo`: whose wallet a mobile number is (wallet transfer). */
export interface FetchUserInfoRequest {
  mobile: string;
}

export interface FetchUserInfoAnswer extends Ok {
  data: { name: string };
}

/**
 * Issue 23 (extensions of both balance calls and of `balance.updated`): what the wallet may spend
 * now and the version of these figures. `available` is the wallet plus its overdraft limit (the
 * ledger's floor rule, `spendable`), `overdraftLimit` the credit in it (0: none), rupees;
 * `version` grows with every change of the user's balances (the ledger's `balance_version`
 * summed over the user's accounts): of two answers or pushes, the larger one is the newer.
 */
export interface SpendableFigures {
  available: number;
  overdraftLimit: number;
  version: number;
}

/** `POST /api/user/checkBalance`, rupees. */
export interface UserBalanceAnswer extends Ok, SpendableFigures {
  balance: number;
  lienAmount: number;
  securityAmount: number;
  /**
   * Issue 26: the AEPS balance (the `aeps` account, less what a settlement holds), rupees. Every
   * user of this call holds the account; the console shows it to those who use it
   * (`showsAepsBalance`).
   */
  aepsBalance: number;
  services: string[];
}

/** `POST /api/admin/checkBalance`: the main balance plus the profit areas, rupees. */
export interface AdminBalanceAnswer extends Ok, SpendableFigures {
  accountDetails: {
    balance: { mainBalance: number };
    profitArea: { commission: number };
  };
  balance: number;
}
