import type { RoleKind } from '@khata/domain';
import { kindOfRole } from '../session/adminUser';

const ROLE_LABELS: Record<RoleKind, string> = {
  admin: 'Admin',
  sdistributor: 'Super distributor',
  coDistributor: 'Co-distributor',
  distributor: 'Distributor',
  employee1: 'Employee 1',
  employee2: 'Employee 2',
  user: 'User',
  partner: 'Partner',
};

const ROLE_COLORS: Record<RoleKind, string> = {
  admin: 'magenta',
  sdistributor: 'purple',
  coDistributor: 'geekblue',
  distributor: 'blue',
  employee1: 'cyan',
  employee2: 'green',
  user: 'default',
  partner: 'orange',
};

/** A role string as a person reads it (`khataEmployee2` → Employee 2); unknown ones as they came. */
export function roleLabel(role: string): string {
  const kind = kindOfRole(role);
  return kind ? ROLE_LABELS[kind] : role;
}

export function roleColor(role: string): string {
  const kind = kindOfRole(role);
  return kind ? ROLE_COLORS[kind] : 'default';
}
