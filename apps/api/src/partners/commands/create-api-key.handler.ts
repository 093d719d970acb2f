import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PartnerMessages } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { newKeyMaterial } from '../api-key-material.js';
import { PartnerKeysRepository, toApiKeySummary } from '../partner-keys.repository.js';
import { CreateApiKeyCommand, type CreatedApiKey } from './create-api-key.command.js';

/** At most this many live keys per partner: enough to rotate, few enough to keep track of. */
export const MAX_ACTIVE_KEYS = 20;

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: PartnerKeysRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  execute({ partner, name, scopes, context }: CreateApiKeyCommand): Promise<CreatedApiKey> {
    return this.uow.run(async (tx) => {
      await this.keys.lockPartner(tx, partner.userId);
      if ((await this.keys.countActive(tx, partner.userId)) >= MAX_ACTIVE_KEYS) {
        throw new AppError(ErrorKind.Refused, PartnerMessages.tooManyKeys);
      }
      const material = newKeyMaterial();
      const key = {
        id: randomUUID(),
        partnerId: partner.userId,
        name,
        prefix: material.prefix,
        secretHash: material.secretHash,
        scopes,
        createdAt: this.clock.now(),
      };
      await this.keys.insert(tx, key);
      await this.audit.record(tx, {
        action: 'partner.api-key-create',
        outcome: 'success',
        actorId: partner.userId,
        subjectId: partner.userId,
        sessionId: partner.sessionId,
        context,
        details: { keyId: key.id, prefix: key.prefix, scopes },
      });
      return {
        key: toApiKeySummary({ ...key, lastUsedAt: null, revokedAt: null }),
        apiKey: material.apiKey,
      };
    });
  }
}
