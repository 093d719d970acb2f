import { Query } from '@nestjs/cqrs';
import type { KycStatus } from '@khata/domain';

/** The user's own KYC: its state and, once rejected, why. */
export class GetKycStatusQuery extends Query<KycStatus> {
  constructor(readonly userId: string) {
    super();
  }
}
