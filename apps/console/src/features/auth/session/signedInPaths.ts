import type { AdminPath } from '@khata/domain';
import { AppPath } from '../../../app/paths';

/**
 * Where a signed-in user goes. The admin area's paths are named in libs/domain (ADMIN_PATHS);
 * `satisfies` keeps these in that list. The admin area itself is built separately: until it
 * is, these land on the not-found page.
 */
export const SignedInPath = {
  dashboard: '/admin/dashboard',
  profile: '/admin/myAccount',
} as const satisfies Record<string, AdminPath>;

export const PartnerPath = { dashboard: AppPath.partnerDashboard } as const;
