import type { Ok } from './common.js';
import type { MustChangeCredentials } from './onboarding.js';
import type { UserLanguage } from './user.js';

/** `POST /api/auth/login` and `/api/auth/partner-login`. */
export interface LoginRequest {
  mobile: string;
  password: string;
}

/** `POST /api/auth/link-login`: the token of `/loginIntoUser/{token}`. */
export interface LinkLoginRequest {
  token: string;
}

/** The fields every new user gives, whoever creates them (signup, register-user). */
export interface NewUserRequest {
  name: string;
  mobile: string;
  email?: string;
  password: string;
  pin: string;
  shopName?: string;
}

/**
 * `POST /api/auth/signup`: answers `{ success, message }`. `otp` is the code
 * `POST /api/auth/signupOtp` sent to the mobile.
 */
export interface SignupRequest extends NewUserRequest {
  otp: string;
}

/** The wallet figures of a profile, rupees: admin-type roles see a main balance and profit areas. */
export type AccountDetails =
  | { balance: number; lienAmount: number; securityAmount: number }
  | {
      balance: { mainBalance: number };
      profitArea: { commission: number };
      lienAmount: number;
      securityAmount: number;
    };

/** The profile of spec §3, as sign-in and `/user/userData` answer it. */
export interface Profile {
  _id: string;
  name: string;
  phoneNumber: string;
  email: string | null;
  role: string;
  status: string;
  userProfile: string | null;
  companyDetails: { shopName: string | null };
  accountDetails: AccountDetails;
  aepsAccount: unknown[];
  serviceRates: { payout: Record<string, unknown> };
  services: string[];
  /** Issue 30: the console's language the user chose last (`POST /user/language`); null: never. */
  language: UserLanguage | null;
}

/**
 * What login, partner-login and link-login answer; login adds `mustChangeCredentials` and
 * `temporary` while the user's password or PIN is temporary (contract/onboarding.ts).
 */
export interface SignedInAnswer extends Ok, Partial<MustChangeCredentials> {
  token: string;
  profile: Profile;
}
