import type { RoleKind } from '@khata/domain';
import { labelsNow, roleLabel as kindLabel, type Translate } from '../common/labels';
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

/**
 * A role string as a person reads it (`khataEmployee2` → Retailer, libs/domain's one table, in
 * the reader's language: pass the component's `t`, else the current language's); unknown ones
 * as they came.
 */
export function roleLabel(role: string, t?: Translate): string {
  const kind = kindOfRole(role);
  if (!kind) return role;
  return t ? kindLabel(t, kind) : labelsNow.role(kind);
}

export function roleColor(role: string): string {
  const kind = kindOfRole(role);
  return kind ? ROLE_COLORS[kind] : 'default';
}
