import { Query } from '@nestjs/cqrs';
import type { DayBookAnswer } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';

/** One India day of a wallet: the viewer's own, or (an admin only) the user named. */
export class GetDayBookQuery extends Query<DayBookAnswer> {
  constructor(
    readonly viewer: AuthUser,
    readonly dayAgo: number,
    readonly userId?: string,
  ) {
    super();
  }
}
