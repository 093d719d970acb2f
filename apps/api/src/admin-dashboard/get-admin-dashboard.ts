import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  indiaDay,
  indiaDayStart,
  networkScope,
  STUCK_PAYOUT_MINUTES,
  type DashboardQueues,
  type Paise,
  type Viewer,
} from '@khata/domain';
import { Clock } from '../common/clock.js';
import {
  AdminDashboardRepository,
  type PayoutCount,
  type RoleCount,
} from './admin-dashboard.repository.js';

export interface AdminDashboardView {
  scope: 'everyone' | 'downline';
  users: RoleCount[];
  walletFloat: Paise;
  todayVolume: Paise;
  payoutsToday: PayoutCount[];
  queues: DashboardQueues | null;
  /** Fund requests waiting on the viewer (issue 13). */
  fundRequestsWaiting: number;
}

/**
 * The dashboard's figures: for an admin the whole network and the queues waiting on it; for
 * a staff employee the whole network without the queues; for a distributor its own network's
 * figures, no queues (it acts on none of them).
 */
export class GetAdminDashboardQuery extends Query<AdminDashboardView> {
  constructor(readonly viewer: Viewer) {
    super();
  }
}

@QueryHandler(GetAdminDashboardQuery)
export class GetAdminDashboardHandler implements IQueryHandler<GetAdminDashboardQuery> {
  constructor(
    private readonly figures: AdminDashboardRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ viewer }: GetAdminDashboardQuery): Promise<AdminDashboardView> {
    const now = this.clock.now();
    const today = indiaDayStart(indiaDay(now));
    const everyone = networkScope(viewer).kind === 'everyone';
    const [users, walletFloat, todayVolume, payoutsToday, queues, fundRequestsWaiting] =
      await Promise.all([
        this.figures.usersByRole(viewer),
        this.figures.walletFloat(viewer),
        this.figures.volumeSince(viewer, today),
        this.figures.payoutsSince(viewer, today),
        // The queues wait on admins, who decide them; staff employees see the figures only.
        viewer.kind === 'admin' ? this.queues(now) : Promise.resolve(null),
        this.figures.fundRequestsWaiting(viewer.kind === 'admin' ? null : viewer.userId),
      ]);
    return {
      scope: everyone ? 'everyone' : 'downline',
      users,
      walletFloat,
      todayVolume,
      payoutsToday,
      queues,
      fundRequestsWaiting,
    };
  }

  private async queues(now: Date): Promise<DashboardQueues> {
    const [kycWaiting, aepsAccountsPending, stuckPayouts, fundRequestsWaiting, approvalsWaiting] =
      await Promise.all([
        this.figures.kycWaiting(),
        this.figures.aepsAccountsPending(),
        this.figures.stuckPayouts(new Date(now.getTime() - STUCK_PAYOUT_MINUTES * 60_000)),
        this.figures.fundRequestsWaiting(),
        this.figures.approvalsWaiting(),
      ]);
    return { kycWaiting, aepsAccountsPending, stuckPayouts, fundRequestsWaiting, approvalsWaiting };
  }
}
