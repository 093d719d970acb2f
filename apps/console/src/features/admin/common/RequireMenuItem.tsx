import type { ReactNode } from 'react';
import type { MenuItemKey } from '@khata/domain';
import { useAdminUser } from '../session/adminUser';
import { AdminStatus, type AdminStatusProps } from './AdminStatus';

export const NOT_YOURS: AdminStatusProps = {
  status: 403,
  title: 'Not available to you',
  message:
    'Your account does not have access to this screen. Ask your distributor or Khata support if you need it.',
};

/**
 * A screen of the sidebar opens only for whom the sidebar shows it (libs/domain's table, the
 * same one the API guards with), so a typed address does not lead to a screen of refusals.
 */
export function RequireMenuItem({ item, children }: { item: MenuItemKey; children: ReactNode }) {
  const { menu } = useAdminUser();
  if (!menu.some((entry) => entry.key === item)) return <AdminStatus {...NOT_YOURS} />;
  return children;
}
