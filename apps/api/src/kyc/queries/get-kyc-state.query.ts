import { Query } from '@nestjs/cqrs';
import type { KycState } from '@khata/domain';

/** The user's current KYC state, for the services `/user/checkBalance` answers. */
export class GetKycStateQuery extends Query<KycState> {
  constructor(readonly userId: string) {
    super();
  }
}
