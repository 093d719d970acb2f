import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PartnerMessages, type ApiKeySummary } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { PartnerKeysRepository, toApiKeySummary } from '../partner-keys.repository.js';
import { RevokeApiKeyCommand } from './revoke-api-key.command.js';

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: PartnerKeysRepository,
    private readonly pins: PinVerifier,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({
    actor,
    partnerId,
    id,
    pin,
    context,
  }: RevokeApiKeyCommand): Promise<ApiKeySummary> {
    await this.pins.verify({ userId: actor.userId }, pin, context);
    return this.uow.run(async (tx) => {
      const revoked = await this.keys.revoke(tx, partnerId, id, this.clock.now());
      // Another partner's key answers exactly like a key that does not exist.
      if (!revoked) throw new AppError(ErrorKind.NotFound, PartnerMessages.keyNotFound);
      if (revoked.alreadyRevoked) {
        throw new AppError(ErrorKind.Conflict, PartnerMessages.keyAlreadyRevoked);
      }
      await this.audit.record(tx, {
        action: 'partner.api-key-revoke',
        outcome: 'success',
        actorId: actor.userId,
        subjectId: partnerId,
        sessionId: actor.sessionId,
        context,
        details: { keyId: id, prefix: revoked.key.prefix },
      });
      return toApiKeySummary(revoked.key);
    });
  }
}
