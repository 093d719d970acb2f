import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLog } from '../../audit/audit.repository.js';
import { PinHasher } from '../../auth/pin-hasher.js';
import { PinVerifier } from '../../auth/pin-verifier.js';
import { PinsRepository } from '../../auth/pins.repository.js';
import { ChangePinCommand } from './change-pin.command.js';

@CommandHandler(ChangePinCommand)
export class ChangePinHandler implements ICommandHandler<ChangePinCommand> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly verifier: PinVerifier,
    private readonly hasher: PinHasher,
    private readonly pins: PinsRepository,
    private readonly audit: AuditLog,
  ) {}

  async execute({ userId, sessionId, oldPin, newPin, context }: ChangePinCommand): Promise<void> {
    const entry = { actorId: userId, subjectId: userId, sessionId, context };
    try {
      await this.verifier.verify({ userId }, oldPin, context);
    } catch (error) {
      await this.audit.record({
        action: 'pin.change',
        outcome: 'failure',
        ...entry,
        details: { reason: (error as Error).message },
      });
      throw error;
    }
    // The new PIN and its audit entry land together or not at all.
    await this.dataSource.transaction(async (manager) => {
      await this.pins.replace(userId, this.hasher.hash(userId, newPin), manager);
      await this.audit.record({ action: 'pin.change', outcome: 'success', ...entry }, manager);
    });
  }
}
