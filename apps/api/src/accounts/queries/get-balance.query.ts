import { Query } from '@nestjs/cqrs';
import type { RoleKind } from '@khata/domain';
import type { Balances } from '../accounts.repository.js';

export class GetBalancesQuery extends Query<Balances> {
  constructor(
    readonly userId: string,
    readonly kind: RoleKind,
  ) {
    super();
  }
}
