import type { Ok } from './common.js';

/** `POST /api/cPanel-ChangePin`. */
export interface ChangePinRequest {
  oldPin: string;
  newPin: string;
}

/**
 * `POST /api/user/cPanel-ChangePassword`: answers `MessageAnswer` saying how many other
 * sessions ended.
 */
export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** `POST /api/logoutThisSession` (PIN header): `loginId` is a session id from the logs. */
export interface LogoutSessionRequest {
  loginId: string;
}

/** One sign-in as spec §3 `logins` reads it; coordinates stay strings with 6 decimals. */
export interface LoginRecord {
  /** ISO time. */
  date: string;
  ip: string | null;
  location: { lat: string | null; long: string | null };
  loginId: string;
  current: boolean;
}

/** Balances now and the wallet this month (India time), rupees. */
export interface ControlPanelAccountDetails {
  balance: number;
  lienAmount: number;
  securityAmount: number;
  totalCredit: number;
  totalPayIn: number;
  totalPayOut: number;
  openingBalance: number;
  closingBalance: number;
}

/** `POST /api/cPanel-Logs`. */
export interface ControlPanelAnswer extends Ok {
  data: { logins: LoginRecord[]; accountDetails: ControlPanelAccountDetails };
}
