import { ROLE_KINDS, type RoleKind } from '@khata/domain';

const EMPLOYEES_AND_USERS: readonly RoleKind[] = ['employee1', 'employee2', 'user'];

/**
 * Who may sit directly below whom in the network, which is also who may register whom
 * (register-user). An admin may place anyone, other admins included: the first admin needs
 * a way to add a colleague, and every registration is audited. A distributor tier only places
 * tiers below its own; employees, users and partners have no downline.
 */
const BELOW: Record<RoleKind, readonly RoleKind[]> = {
  admin: ROLE_KINDS,
  sdistributor: ['coDistributor', 'distributor', ...EMPLOYEES_AND_USERS],
  coDistributor: EMPLOYEES_AND_USERS,
  distributor: EMPLOYEES_AND_USERS,
  employee1: [],
  employee2: [],
  user: [],
  partner: [],
};

export function canHaveBelow(upline: RoleKind, kind: RoleKind): boolean {
  return BELOW[upline].includes(kind);
}
