import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { PinHasher } from '../../credentials/pin-hasher.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { PinsRepository } from '../../credentials/pins.repository.js';
import { ChangePinCommand } from './change-pin.command.js';

@CommandHandler(ChangePinCommand)
export class ChangePinHandler implements ICommandHandler<ChangePinCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly verifier: PinVerifier,
    private readonly hasher: PinHasher,
    private readonly pins: PinsRepository,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  async execute({ userId, sessionId, oldPin, newPin, context }: ChangePinCommand): Promise<void> {
    const entry = { actorId: userId, subjectId: userId, sessionId, context };
    try {
      await this.verifier.verify({ userId }, oldPin, context);
    } catch (error) {
      await this.audit.record(this.db, {
        action: 'pin.change',
        outcome: 'failure',
        ...entry,
        details: { reason: (error as Error).message },
      });
      throw error;
    }
    // The new PIN and its audit entry land together or not at all.
    await this.uow.run(async (tx) => {
      await this.pins.replace(tx, userId, this.hasher.hash(userId, newPin));
      await this.audit.record(tx, { action: 'pin.change', outcome: 'success', ...entry });
    });
  }
}
