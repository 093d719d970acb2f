import type { UserSortColumn, UserStatus } from '@khata/domain';

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

// Role names come from libs/domain's one table (ROLE_LABELS), on every screen.
export { ROLE_LABELS, roleLabel } from '@khata/domain';
