import { Command } from '@nestjs/cqrs';
import type { HoldingKind, Paise } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { HoldingRow } from '../holdings.repository.js';

export interface HoldingDone {
  holding: HoldingRow;
  /** A repeat of an earlier request (same admin, Idempotency-Key and body): nothing moved. */
  replayed: boolean;
}

/** An admin places a lien, or holds a security deposit, on a user's wallet (issue 13). */
export class PlaceHoldingCommand extends Command<HoldingDone> {
  constructor(
    readonly admin: AuthUser,
    readonly kind: HoldingKind,
    readonly userId: string,
    readonly amount: Paise,
    readonly reason: string,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** An admin releases a lien or a security deposit back to the wallet. */
export class ReleaseHoldingCommand extends Command<HoldingDone> {
  constructor(
    readonly admin: AuthUser,
    readonly kind: HoldingKind,
    readonly holdingId: string,
    readonly reason: string,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
