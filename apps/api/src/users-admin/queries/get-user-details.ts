import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  effectiveServices,
  Messages,
  networkScope,
  paiseToRupees,
  roleKind,
  USER_DETAILS_LEDGER_LINES,
  USER_DETAILS_LOGINS,
  type UserDetails,
  type Viewer,
} from '@khata/domain';
import { AccountsRepository } from '../../accounts/accounts.repository.js';
import { SessionsRepository } from '../../auth/sessions.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { toStatementLine } from '../../transactions/statement.js';
import { UsersAdminRepository, type UplineRow } from '../users-admin.repository.js';

/** User details: everything an admin or the user's distributor reads on one screen. */
export class GetUserDetailsQuery extends Query<UserDetails> {
  constructor(
    readonly viewer: Viewer & { sessionId: string },
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetUserDetailsQuery)
export class GetUserDetailsHandler implements IQueryHandler<GetUserDetailsQuery> {
  constructor(
    private readonly repository: UsersAdminRepository,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ viewer, userId }: GetUserDetailsQuery): Promise<UserDetails> {
    const profile = await this.repository.profile(viewer, userId);
    if (!profile) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    const [upline, downlineCount, balances, overdraftLimit, logins, lines] = await Promise.all([
      this.repository.upline(userId),
      this.repository.downlineCount(userId),
      this.accounts.balancesOf(userId),
      this.accounts.overdraftLimitOf(userId),
      this.sessions.latestLogins(userId, viewer.sessionId, USER_DETAILS_LOGINS),
      this.repository.latestWalletLines(userId, USER_DETAILS_LEDGER_LINES),
    ]);
    const kindOf = (role: string) => roleKind(role, this.config.productKey) ?? null;
    const profileKind = kindOf(profile.role);
    return {
      profile: {
        id: profile.id,
        name: profile.name,
        mobile: profile.mobile,
        email: profile.email,
        role: profile.role,
        kind: kindOf(profile.role),
        status: profile.status,
        statusReason: profile.statusReason,
        statusChangedAt: profile.statusChangedAt?.toISOString() ?? null,
        createdAt: profile.createdAt.toISOString(),
      },
      shop: { name: profile.shopName },
      upline: visibleUpline(viewer, upline).map((member) => ({
        id: member.id,
        name: member.name,
        mobile: member.mobile,
        role: member.role,
        kind: kindOf(member.role),
      })),
      downlineCount,
      balances: {
        wallet: paiseToRupees(balances.wallet),
        lien: paiseToRupees(balances.lien),
        security: paiseToRupees(balances.security),
        overdraftLimit: paiseToRupees(overdraftLimit),
        available: paiseToRupees(balances.wallet + overdraftLimit),
      },
      services: profileKind
        ? effectiveServices({
            kind: profileKind,
            overrides: profile.serviceOverrides,
            kycState: profile.kycState,
          })
        : [],
      kyc: { state: profile.kycState, checked: profile.kycChecked, panOnFile: profile.panOnFile },
      logins: logins.map((entry) => ({
        date: entry.date.toISOString(),
        ip: entry.ip,
        location: { lat: entry.latitude, long: entry.longitude },
        loginId: entry.loginId,
        current: false,
      })),
      ledger: lines.map(toStatementLine),
    };
  }
}

/**
 * The chain above the user as far as the viewer sees: an admin the whole chain, a distributor
 * up to and including itself (its own upline is outside its network).
 */
function visibleUpline(viewer: Viewer, upline: UplineRow[]): UplineRow[] {
  const scope = networkScope(viewer);
  if (scope.kind !== 'downline') return upline;
  const top = upline.findIndex((member) => member.id === scope.rootId);
  return top === -1 ? [] : upline.slice(0, top + 1);
}
