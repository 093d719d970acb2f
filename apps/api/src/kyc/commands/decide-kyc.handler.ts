import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { checkKycReason, KycMessages } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { KycDecisions } from '../kyc-decisions.js';
import { KycUpdatedEvent } from '../kyc-updated.event.js';
import { type KycQueueEntry, KycRepository } from '../kyc.repository.js';
import { DecideKycCommand } from './decide-kyc.command.js';

@CommandHandler(DecideKycCommand)
export class DecideKycHandler implements ICommandHandler<DecideKycCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly kyc: KycRepository,
    private readonly scopes: NetworkScopes,
    private readonly pins: PinVerifier,
    private readonly decisions: KycDecisions,
    private readonly events: EventBus,
  ) {}

  async execute(command: DecideKycCommand): Promise<KycQueueEntry> {
    const { admin, submissionId, action, context } = command;
    const reason = checkKycReason(action, command.reason);
    if (!reason.ok) throw new AppError(ErrorKind.Invalid, reason.message);
    await this.pins.verify(admin, command.pin, context);

    const state = action === 'approve' ? 'approved' : 'rejected';
    const decided = await this.uow.run(async (tx) => {
      // The row lock orders two deciders: the second one reads the first one's decision.
      const submission = await this.kyc.lock(tx, submissionId);
      if (!submission || !(await this.scopes.canSee(tx, admin, submission.userId))) {
        throw new AppError(ErrorKind.NotFound, KycMessages.notFound);
      }
      if (submission.state !== 'submitted') {
        throw new AppError(ErrorKind.Conflict, KycMessages.alreadyDecided(submission.state));
      }
      await this.decisions.commit(tx, { admin, submission, state, reason: reason.value, context });
      return submission;
    });
    this.events.publish(
      new KycUpdatedEvent(decided.userId, state, state === 'rejected' ? reason.value : null),
    );
    const entry = await this.kyc.entry(decided.id);
    return entry!;
  }
}
