import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { KycUpdatedEvent } from '../kyc/kyc-updated.event.js';
import { SocketEmitter } from './socket-emitter.js';

/** A user's KYC was sent or decided: their open pages hear `kyc.updated` (and refresh services). */
@EventsHandler(KycUpdatedEvent)
export class KycUpdatedHandler implements IEventHandler<KycUpdatedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ userId, state, reason }: KycUpdatedEvent): void {
    this.emitter.kycUpdated(userId, { state, reason });
  }
}
