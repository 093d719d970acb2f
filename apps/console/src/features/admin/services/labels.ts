import type { RoleKind, ServiceStatus } from '@khata/domain';

/** How the services screens name role kinds (the stored employee roles carry a product key). */
export const KIND_LABELS: Record<RoleKind, string> = {
  admin: 'Admin',
  sdistributor: 'Super distributor',
  coDistributor: 'Co-distributor',
  distributor: 'Distributor',
  employee1: 'Employee 1',
  employee2: 'Employee 2',
  user: 'User',
  partner: 'Partner',
};

export const STATUS_LABELS: Record<ServiceStatus, string> = {
  live: 'Live',
  later: 'Coming later',
};
