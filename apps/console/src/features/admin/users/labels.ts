import type { UserSortColumn } from '@khata/domain';

// The words shared with the CSV exports live in libs/domain (issue 23).
export { ROLE_LABELS, USER_STATUS_LABELS as STATUS_LABELS, roleLabel } from '@khata/domain';

export const SORT_LABELS: Record<UserSortColumn, string> = {
  createdAt: 'Joined',
  name: 'Name',
  role: 'Role',
  balance: 'Wallet balance',
};
