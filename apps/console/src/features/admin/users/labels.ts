import type { SortOrder, UserSortColumn } from '@khata/domain';
import type { Translate } from '../common/labels';

/** The sort choices of All Users: the column's name and the order's words, one key each. */
export const SORT_KEYS = {
  'createdAt:asc': 'users:sort.createdAt.asc',
  'createdAt:desc': 'users:sort.createdAt.desc',
  'name:asc': 'users:sort.name.asc',
  'name:desc': 'users:sort.name.desc',
  'role:asc': 'users:sort.role.asc',
  'role:desc': 'users:sort.role.desc',
  'balance:asc': 'users:sort.balance.asc',
  'balance:desc': 'users:sort.balance.desc',
} as const satisfies Record<`${UserSortColumn}:${SortOrder}`, string>;

export function sortLabel(t: Translate, column: UserSortColumn, order: SortOrder): string {
  return t(SORT_KEYS[`${column}:${order}`]);
}
