import type { ReactNode } from 'react';
import { NETWORK_VIEWER_KINDS } from '@khata/domain';
import { AdminStatus } from '../common/AdminStatus';
import { NOT_YOURS } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';

/** The network screens open for admins and the distributor tiers, as the API lets them in. */
export function RequireNetworkViewer({ children }: { children: ReactNode }) {
  const { kind } = useAdminUser();
  if (!kind || !NETWORK_VIEWER_KINDS.includes(kind)) return <AdminStatus {...NOT_YOURS} />;
  return children;
}
