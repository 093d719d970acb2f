import type { ComplaintUpdated } from '@khata/domain';

/** A complaint was raised or moved; `userId` is the user who raised it. */
export class ComplaintUpdatedEvent {
  constructor(
    readonly userId: string,
    readonly update: ComplaintUpdated,
  ) {}
}
