import type { KycState, ServiceOverride, UserLanguage } from '@khata/domain';

/**
 * A person who signs in: retailer, distributor, admin… as a `users` row reads (USER_COLUMNS
 * in users.repository.ts). Never leaves the API as is.
 */
export interface UserEntity {
  id: string;
  mobile: string;
  name: string;
  email: string | null;
  role: string;
  parentId: string | null;
  shopName: string | null;
  passwordHash: string;
  pinHash: string;
  /** This user's overrides of its role's services; `effectiveServices` makes the list. */
  serviceOverrides: ServiceOverride[];
  status: 'active' | 'blocked';
  /** Why the status was last changed from All Users (the deactivation reason shown at sign-in). */
  statusReason: string | null;
  /** File name under the uploads folder, served at /userProfile/{picture}. */
  picture: string | null;
  /** spec §3 serviceRates: `{ payout: { limit1, limit2, limit3 } }`, each flat or percent. */
  serviceRates: Record<string, unknown>;
  pinFailures: number;
  pinLockedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Sent by SMS (onboarding, an admin's reset): to be replaced at the next sign-in. */
  passwordTemporary: boolean;
  /** When a temporary password stops signing in (TEMPORARY_PASSWORD_HOURS after it was sent). */
  passwordTemporaryUntil: Date | null;
  pinTemporary: boolean;
  /** Payouts and AEPS wait for `approved` (`effectiveServices` drops them until then). */
  kycState: KycState;
  /** Issue 30: the console's language the user chose last; null until they choose. */
  language: UserLanguage | null;
}
