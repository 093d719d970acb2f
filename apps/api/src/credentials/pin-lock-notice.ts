import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { AuditTrail } from '../audit/audit-trail.js';
import type { RequestContext } from '../common/http/request-context.js';
import { PinLockedEvent } from './pin-locked.event.js';
import { lockLength, PinLockout, type PinLock } from './pin-lockout.js';

/**
 * What follows when wrong PINs lock an account (issue 24: out of `PinVerifier`, which only
 * decides): the `pin.locked` audit row on its own connection, so the refusal thrown next does
 * not take it back, and `PinLockedEvent`, by which the user is told by SMS (onboarding/).
 */
@Injectable()
export class PinLockNotice {
  constructor(
    private readonly audit: AuditTrail,
    private readonly events: EventBus,
  ) {}

  /** `lockouts` counts this lock; `now` is the time the lock's length is told from. */
  async locked(
    userId: string,
    lock: PinLock,
    lockouts: number,
    now: Date,
    context: RequestContext,
  ): Promise<void> {
    await this.audit.recordAlone({
      action: 'pin.locked',
      outcome: 'success',
      actorId: userId,
      subjectId: userId,
      context,
      details: { failures: PinLockout.maxFailures, lockout: lockouts, lockedUntil: lock.until },
    });
    this.events.publish(
      new PinLockedEvent(
        userId,
        lock,
        lock.until === 'reset' ? null : lockLength(lock.until.getTime() - now.getTime()),
      ),
    );
  }
}
