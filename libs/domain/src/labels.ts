import type { UserStatus } from './contract/users-admin.js';
import type { RoleKind } from './roles.js';

/**
 * The words the screens show for a role, a user's status and a KYC state: one table for the
 * console and the CSV exports (issue 23: a download says what the screen says).
 */
export const ROLE_LABELS: Readonly<Record<RoleKind, string>> = {
  admin: 'Admin',
  sdistributor: 'Super Distributor',
  coDistributor: 'Co-Distributor',
  distributor: 'Distributor',
  employee1: 'Employee 1',
  employee2: 'Retailer (Employee 2)',
  user: 'User',
  partner: 'Partner',
};

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  active: 'Active',
  blocked: 'Deactivated',
};


/** A role in words; a role with no kind (an old custom role) as it is named. */
export function roleLabel(kind: RoleKind | null | undefined, role: string): string {
  return kind ? ROLE_LABELS[kind] : role;
}
