import type {
  LoginRequest,
  MessageAnswer,
  SetLanguageAnswer,
  SignedInAnswer,
  SignupRequest,
  UserDataAnswer,
  UserLanguage,
} from '@khata/domain';
import { api } from '../../api/client';

export type { Profile } from '@khata/domain';

/** What the sign-in screens send. */
export type Credentials = LoginRequest;

export type SignedIn = Pick<SignedInAnswer, 'token' | 'profile' | 'mustChangeCredentials'>;

export type Signup = SignupRequest;

/** TanStack Query keys of this feature: [resource, verb, params]. */
export const authKeys = {
  userData: ['user', 'userData'] as const,
};

export const authApi = {
  login: (credentials: Credentials) => api.post<SignedIn>('/auth/login', credentials),
  partnerLogin: (credentials: Credentials) =>
    api.post<SignedIn>('/auth/partner-login', credentials),
  linkLogin: (token: string) => api.post<SignedIn>('/auth/link-login', { token }),
  signup: (details: Signup) => api.post<MessageAnswer>('/auth/signup', details),
  signupOtp: (mobile: string) => api.post<MessageAnswer>('/auth/signupOtp', { mobile }),
  /** `headers`: the ending session's, when the browser has already forgotten it (useLogout). */
  logout: (headers?: Record<string, string>) =>
    api.post<MessageAnswer>('/auth/logout', undefined, headers),
  userData: () => api.post<UserDataAnswer>('/user/userData'),
  /** Issue 30: the console's language, remembered on the profile. */
  setLanguage: (language: UserLanguage) =>
    api.post<SetLanguageAnswer>('/user/language', { language }),
};
