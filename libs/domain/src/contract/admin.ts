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

/** `POST /api/admin/callback-requests`; `status` (issue 14) narrows to open or handled ones. */
export interface ListCallbackRequestsRequest extends PageRequest {
  status?: 'open' | 'handled' | 'all';
}

/** A call-back request as admins read it (issue 14 adds who handled it and their note). */
export interface CallbackRequestRecord {
  id: string;
  name: string;
  mobile: string;
  message: string | null;
  ip: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: { id: string; name: string } | null;
  handledNote: string | null;
}

export interface ListCallbackRequestsAnswer extends Ok {
  data: CallbackRequestRecord[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/admin/callback-requests/handled` (issue 14): once per request; again is a 409. */
export interface HandleCallbackRequest {
  id: string;
  note: string;
}

export interface HandleCallbackAnswer extends Ok {
  message: string;
  request: CallbackRequestRecord;
}

/** `POST /api/admin/currency-rates`: rupees per unit, at most 6 decimals. */
export interface SetCurrencyRateRequest {
  currency: string;
  inrPerUnit: number | string;
}

export interface SetCurrencyRateAnswer extends Ok {
  message: string;
  rate: CurrencyRateRecord;
}
