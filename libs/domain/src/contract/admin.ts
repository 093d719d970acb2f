import type { NewUserRequest } from './auth.js';
import type { OnboardUserRequest } from './onboarding.js';
import type { Ok, PageRequest } from './common.js';
import type { CurrencyRateRecord } from './public.js';

/**
 * `POST /api/admin/register-user`: a new user below the caller. Without `password` and `pin`
 * (the onboarding form) a temporary password goes out by SMS; an admin may give both directly.
 */
export interface RegisterUserRequest
  extends OnboardUserRequest, Partial<Pick<NewUserRequest, 'password' | 'pin'>> {}

/** `POST /api/admin/loginLink`: a one-time link that signs in as a user below the caller. */
export interface LoginLinkRequest {
  mobile: string;
}

/** `POST /api/admin/callback-requests`. */
export type ListCallbackRequestsRequest = PageRequest;

/** `POST /api/admin/currency-rates`: rupees per unit, at most 6 decimals. */
export interface SetCurrencyRateRequest {
  currency: string;
  inrPerUnit: number | string;
}

export interface SetCurrencyRateAnswer extends Ok {
  message: string;
  rate: CurrencyRateRecord;
}
