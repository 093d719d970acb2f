import { Query } from '@nestjs/cqrs';
import type { RoleKind, ServiceKey, Viewer } from '@khata/domain';
import type { ServiceSubject, StoredOverride } from '../service-overrides.repository.js';

export interface UserServicesView {
  user: ServiceSubject & { kind: RoleKind };
  /** Held by role and overrides, before KYC: what the switches show. */
  services: ServiceKey[];
  /** Held but withheld until the user's KYC is approved (payout and AEPS). */
  awaitingKyc: ServiceKey[];
  defaults: ServiceKey[];
  overrides: StoredOverride[];
}

/** One user's services, if the viewer sees that user (else 404 "User not found"). */
export class GetUserServicesQuery extends Query<UserServicesView> {
  constructor(
    readonly viewer: Viewer,
    readonly user: { userId: string } | { mobile: string },
  ) {
    super();
  }
}
