import { Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { paiseToRupees, type AdminDashboardAnswer, type UsersByRole } from '@khata/domain';
import { ForMenuItem } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import type { RoleCount } from './admin-dashboard.repository.js';
import { GetAdminDashboardQuery } from './get-admin-dashboard.js';

/**
 * The dashboard's network figures (issue 12), for whoever has the Network item: admins and staff
 * employees the whole network, distributors their own.
 */
@Controller('admin')
export class AdminDashboardController {
  constructor(private readonly queries: QueryBus) {}

  @Post('dashboard')
  @HttpCode(200)
  @ForMenuItem('network')
  async dashboard(@CurrentUser() user: AuthUser): Promise<AdminDashboardAnswer> {
    const view = await this.queries.execute(new GetAdminDashboardQuery(user));
    return {
      success: true,
      scope: view.scope,
      usersByRole: byRole(view.users),
      walletFloat: paiseToRupees(view.walletFloat),
      todayVolume: paiseToRupees(view.todayVolume),
      payoutsToday: view.payoutsToday.map((row) => ({
        status: row.status,
        count: row.count,
        amount: paiseToRupees(row.amount),
      })),
      queues: view.queues,
      fundRequestsWaiting: view.fundRequestsWaiting,
    };
  }
}

function byRole(counts: RoleCount[]): UsersByRole[] {
  const roles = new Map<string, UsersByRole>();
  for (const { role, status, count } of counts) {
    const entry = roles.get(role) ?? { role, active: 0, blocked: 0 };
    entry[status] += count;
    roles.set(role, entry);
  }
  return [...roles.values()];
}
