import { ROLE_LABELS, type RoleKind } from '@khata/domain';
import { kindOfRole } from '../session/adminUser';

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

/** A role string as a person reads it (`khataEmployee2` → Retailer, libs/domain's one table); unknown ones as they came. */
export function roleLabel(role: string): string {
  const kind = kindOfRole(role);
  return kind ? ROLE_LABELS[kind].label : role;
}

export function roleColor(role: string): string {
  const kind = kindOfRole(role);
  return kind ? ROLE_COLORS[kind] : 'default';
}
