import type { UserStatus } from './contract/users-admin.js';

/**
 * The words the screens show for a user's status: one table for the console and the CSV exports
 * (issue 23: a download says what the screen says). Roles: `ROLE_LABELS` in roles.ts; KYC states:
 * `KYC_STATE_LABELS` in kyc.ts.
 */
export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  active: 'Active',
  blocked: 'Deactivated',
};
