import { api } from '../../api/client';

/** The profile of spec §3 as the API answers it; the sign-in screens read only a few fields. */
export interface Profile {
  _id: string;
  name: string;
  phoneNumber: string;
  email: string | null;
  role: string;
  userProfile: string | null;
  companyDetails: { shopName: string | null };
  accountDetails: Record<string, unknown>;
  services: string[];
}

export interface Credentials {
  mobile: string;
  password: string;
}

export interface SignedIn {
  token: string;
  profile: Profile;
}

export interface Signup {
  name: string;
  mobile: string;
  email?: string;
  shopName?: string;
  password: string;
  pin: string;
}

/** TanStack Query keys of this feature: [resource, verb, params]. */
export const authKeys = {
  userData: ['user', 'userData'] as const,
};

export const authApi = {
  login: (credentials: Credentials) => api.post<SignedIn>('/auth/login', credentials),
  partnerLogin: (credentials: Credentials) =>
    api.post<SignedIn>('/auth/partner-login', credentials),
  linkLogin: (token: string) => api.post<SignedIn>('/auth/link-login', { token }),
  signup: (details: Signup) => api.post<{ message: string }>('/auth/signup', details),
  logout: () => api.post<{ message?: string }>('/auth/logout'),
  userData: () => api.post<{ profile: Profile }>('/user/userData'),
};
