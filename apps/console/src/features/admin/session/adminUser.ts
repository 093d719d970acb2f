import { createContext, useContext } from 'react';
import { menuFor, roleKind, type MenuItem, type PayoutRates, type RoleKind } from '@khata/domain';
import type { Profile } from '../../auth';

/**
 * The kind of a role string. Employee roles carry the deployment's product key
 * (`khataEmployee2`, API.md "Roles"), which the console is not told: it reads it off the role,
 * with the same shape the API's PRODUCT_KEY must have.
 */
export function kindOfRole(role: string): RoleKind | undefined {
  const employee = /^([a-z][A-Za-z0-9]{0,31})Employee[12]$/.exec(role);
  return roleKind(role, employee?.[1]);
}

/** The profile fields of spec §3 the admin area reads beyond those of the sign-in screens. */
export type AdminProfile = Profile & {
  serviceRates?: { payout?: PayoutRates | null };
};

/** Who is signed in to the admin area, and what the sidebar gives them. */
export interface AdminUser {
  profile: AdminProfile;
  /** Undefined for a role the console does not know: no menu, dashboard only. */
  kind: RoleKind | undefined;
  /** From the user balance call once it answered (spec §6), else from the profile. */
  services: readonly string[];
  menu: MenuItem[];
}

export function adminUserOf(profile: Profile, services?: readonly string[]): AdminUser {
  const kind = kindOfRole(profile.role);
  const allowed = services ?? profile.services ?? [];
  return { profile, kind, services: allowed, menu: kind ? menuFor(kind, allowed) : [] };
}

export const AdminUserContext = createContext<AdminUser | null>(null);

/** The signed-in user; only inside the admin layout, which provides it. */
export function useAdminUser(): AdminUser {
  const user = useContext(AdminUserContext);
  if (!user) throw new Error('useAdminUser is used outside the admin layout');
  return user;
}
