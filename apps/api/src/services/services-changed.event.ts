import type { ServiceKey } from '@khata/domain';

/** A user's services changed (committed): its open consoles redraw their sidebar. */
export class ServicesChangedEvent {
  constructor(
    readonly userId: string,
    readonly services: readonly ServiceKey[],
  ) {}
}
