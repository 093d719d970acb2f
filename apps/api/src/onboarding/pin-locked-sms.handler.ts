import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { PinLockedEvent } from '../credentials/pin-locked.event.js';
import { Db } from '../database/unit-of-work.js';
import { CredentialsRepository } from './credentials.repository.js';
import { OnboardingSms } from './onboarding-sms.js';

/**
 * Tells the user by SMS that wrong PINs locked their money movement: whoever typed them may
 * not be the user. After the lock is stored, so a gateway that is down costs the text, never
 * the lock (the failure is logged through the UnhandledExceptionBus).
 */
@EventsHandler(PinLockedEvent)
export class PinLockedSmsHandler implements IEventHandler<PinLockedEvent> {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly sms: OnboardingSms,
    private readonly db: Db,
  ) {}

  async handle({ userId, length }: PinLockedEvent): Promise<void> {
    const row = await this.credentials.find(this.db, userId);
    if (row) await this.sms.pinLocked(row.mobile, length);
  }
}
