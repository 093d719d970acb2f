import type { Ok } from './common.js';
import type { Profile } from './auth.js';

/** `POST /api/user/userData`: the caller's own profile. */
export interface UserDataAnswer extends Ok {
  profile: Profile;
}

/** `POST /api/user/fetchUserInfo`: whose wallet a mobile number is (wallet transfer). */
export interface FetchUserInfoRequest {
  mobile: string;
}

export interface FetchUserInfoAnswer extends Ok {
  data: { name: string };
}

/** `POST /api/user/checkBalance`, rupees. */
export interface UserBalanceAnswer extends Ok {
  balance: number;
  lienAmount: number;
  securityAmount: number;
  services: string[];
}

/** `POST /api/admin/checkBalance`: the main balance plus the profit areas, rupees. */
export interface AdminBalanceAnswer extends Ok {
  accountDetails: {
    balance: { mainBalance: number };
    profitArea: { commission: number };
  };
  balance: number;
}
