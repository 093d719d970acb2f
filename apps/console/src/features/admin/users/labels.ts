import type { RoleKind, UserSortColumn, UserStatus } from '@khata/domain';

export const ROLE_LABELS: Record<RoleKind, string> = {
  admin: 'Admin',
  sdistributor: 'Super Distributor',
  coDistributor: 'Co-Distributor',
  distributor: 'Distributor',
  employee1: 'Employee 1',
  employee2: 'Retailer (Employee 2)',
  user: 'User',
  partner: 'Partner',
};

export const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  blocked: 'Deactivated',
};

export const SORT_LABELS: Record<UserSortColumn, string> = {
  createdAt: 'Joined',
  name: 'Name',
  role: 'Role',
  balance: 'Wallet balance',
};

export function roleLabel(kind: RoleKind | null, role: string): string {
  return kind ? ROLE_LABELS[kind] : role;
}
