import { Query } from '@nestjs/cqrs';
import type { RoleKind } from '@khata/domain';
import type { Profile } from '../profiles.js';

export class GetProfileQuery extends Query<Profile> {
  constructor(
    readonly userId: string,
    readonly kind: RoleKind,
  ) {
    super();
  }
}
