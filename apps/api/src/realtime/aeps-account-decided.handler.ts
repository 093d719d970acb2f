import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { AepsAccountDecidedEvent } from '../beneficiaries/aeps-account-decided.event.js';
import { SocketEmitter } from './socket-emitter.js';

/** An AEPS account was approved or rejected: its owner's open pages hear `aepsAccount.updated`. */
@EventsHandler(AepsAccountDecidedEvent)
export class AepsAccountDecidedHandler implements IEventHandler<AepsAccountDecidedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ ownerId, beneficiaryId, activationStatus, remark }: AepsAccountDecidedEvent): void {
    this.emitter.aepsAccountUpdated(ownerId, { id: beneficiaryId, activationStatus, remark });
  }
}
