import type { ReactNode } from 'react';
import { canUseMenuItem } from '@khata/domain';
import { AdminStatus } from '../common/AdminStatus';
import { NOT_YOURS } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';

/**
 * The network screens (Network, Merchant list) open to whoever has All Users, as the API lets
 * them in: admins, the distributor tiers, and staff employees.
 */
export function RequireNetworkViewer({ children }: { children: ReactNode }) {
  const { kind, services } = useAdminUser();
  if (!kind || !canUseMenuItem(kind, 'allUsers', services)) return <AdminStatus {...NOT_YOURS} />;
  return children;
}
