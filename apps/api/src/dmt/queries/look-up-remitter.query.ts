import { Query } from '@nestjs/cqrs';
import type { RemitterRecord } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';

/** A remitter by mobile, with its beneficiaries and this month's limit; undefined if unknown. */
export class LookUpRemitterQuery extends Query<RemitterRecord | undefined> {
  constructor(
    readonly user: AuthUser,
    readonly mobile: string,
  ) {
    super();
  }
}
