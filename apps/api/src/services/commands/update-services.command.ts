import { Command } from '@nestjs/cqrs';
import type { ServiceChange, ServiceKey, Viewer } from '@khata/domain';
import type { RequestContext } from '../../common/http/request-context.js';

/** An admin switches services on or off for one user: PIN checked, each change audited. */
export class UpdateServicesCommand extends Command<ServiceKey[]> {
  constructor(
    readonly actor: Viewer & { sessionId: string },
    readonly userId: string,
    readonly changes: readonly ServiceChange[],
    readonly reason: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
