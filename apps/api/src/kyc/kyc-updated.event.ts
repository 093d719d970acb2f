import type { KycState } from '@khata/domain';

/** A user's KYC changed (sent, approved, rejected): the socket gateway tells them. */
export class KycUpdatedEvent {
  constructor(
    readonly userId: string,
    readonly state: KycState,
    readonly reason: string | null,
  ) {}
}
