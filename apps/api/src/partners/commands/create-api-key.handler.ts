import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PartnerMessages } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { newKeyMaterial } from '../api-key-material.js';
import { PartnerKeyOtps } from '../partner-key-otps.js';
import { PartnerKeysRepository, toApiKeySummary } from '../partner-keys.repository.js';
import { PartnerSms } from '../partner-sms.js';
import { CreateApiKeyCommand, type CreatedApiKey } from './create-api-key.command.js';

/** At most this many live keys per partner: enough to rotate, few enough to keep track of. */
export const MAX_ACTIVE_KEYS = 20;

/**
 * The PIN first (a wrong one counts toward the PIN lockout, as on every PIN-protected call),
 * then a try of the OTP (taken and committed before the code is compared, so guesses are
 * bounded), then the key the OTP approved, and the SMS that tells the partner, in one
 * transaction: a key nobody was told about is never left behind.
 */
@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: PartnerKeysRepository,
    private readonly otps: PartnerKeyOtps,
    private readonly pins: PinVerifier,
    private readonly sms: PartnerSms,
    private readonly audit: AuditLog,
  ) {}

  async execute({
    partner,
    referenceKey,
    otp,
    pin,
    context,
  }: CreateApiKeyCommand): Promise<CreatedApiKey> {
    await this.pins.verify(partner, pin, context);
    const open = await this.otps.check(partner.userId, referenceKey, otp);
    return this.uow.run(async (tx) => {
      await this.otps.use(tx, open);
      await this.keys.lockPartner(tx, partner.userId);
      if ((await this.keys.countActive(tx, partner.userId)) >= MAX_ACTIVE_KEYS) {
        throw new AppError(ErrorKind.Refused, PartnerMessages.tooManyKeys);
      }
      const material = newKeyMaterial();
      const key = {
        id: randomUUID(),
        partnerId: partner.userId,
        name: open.name,
        prefix: material.prefix,
        scopes: open.scopes,
        createdAt: open.at,
      };
      await this.keys.insert(tx, { ...key, secret: material.secret });
      await this.audit.record(tx, {
        action: 'partner.api-key-create',
        outcome: 'success',
        actorId: partner.userId,
        subjectId: partner.userId,
        sessionId: partner.sessionId,
        context,
        details: { keyId: key.id, prefix: key.prefix, scopes: key.scopes, stepUp: 'pin+otp' },
      });
      await this.sms.keyCreated(partner.mobile, key);
      return {
        key: toApiKeySummary({ ...key, lastUsedAt: null, revokedAt: null }),
        keyId: key.prefix,
        secret: material.secret,
      };
    });
  }
}
