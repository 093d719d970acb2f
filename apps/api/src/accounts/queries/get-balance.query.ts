import { Query } from '@nestjs/cqrs';
import type { RoleKind } from '@khata/domain';
import type { BalanceSnapshot } from '../accounts.repository.js';

export class GetBalancesQuery extends Query<BalanceSnapshot> {
  constructor(
    readonly userId: string,
    readonly kind: RoleKind,
  ) {
    super();
  }
}
