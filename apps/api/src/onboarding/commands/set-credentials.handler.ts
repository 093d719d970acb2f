import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  actsOnEveryone,
  asksTemporaryPin,
  credentialsToSetRefusal,
  Messages,
  OnboardingMessages,
} from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { refusalError } from '../../common/refusal-error.js';
import { CredentialHashers } from '../../credentials/credential-hashers.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { CredentialsRepository, type CredentialsRow } from '../credentials.repository.js';
import { SetCredentialsCommand, type CredentialsSet } from './set-credentials.command.js';

/** The reason stored on the sessions a change of temporary credentials ends. */
export const CREDENTIALS_SET_REASON = 'credentials-set';

/**
 * Takes exactly the values that are temporary: each one temporary must come, none other may
 * (the Control Panel changes a PIN with the old one), and none may equal the temporary value.
 * Then every session of the user ends, the one asking included (anyone who read the SMS may
 * hold one), and a fresh session answers. When only the PIN is temporary, the temporary PIN
 * from the SMS comes first, through the PIN gate (wrong tries counted, lockout): whoever knows
 * the password alone cannot choose the PIN.
 */
@CommandHandler(SetCredentialsCommand)
export class SetCredentialsHandler implements ICommandHandler<SetCredentialsCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly credentials: CredentialsRepository,
    private readonly hashers: CredentialHashers,
    private readonly pinVerifier: PinVerifier,
    private readonly sessions: SessionsService,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: SetCredentialsCommand): Promise<CredentialsSet> {
    const { user, context } = command;
    const proven = await this.temporaryPinProven(command);
    await this.uow.run(async (tx) => {
      const row = await this.credentials.lock(tx, user.userId);
      if (!row) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      // A reset between the check and this lock sent another PIN: the one proven is not it.
      if (asksTemporaryPin(row) && row.pinHash !== proven) {
        throw new AppError(ErrorKind.Conflict, OnboardingMessages.temporaryPinNeeded);
      }
      const hashes = await this.newHashes(row, command);
      await this.credentials.setOwn(tx, user.userId, hashes);
      await this.audit.record(tx, {
        action: 'credentials.set',
        outcome: 'success',
        actorId: user.userId,
        subjectId: user.userId,
        sessionId: user.sessionId,
        context,
        details: { password: hashes.passwordHash !== null, pin: hashes.pinHash !== null },
      });
    });
    await this.sessions.revokeAll(user.userId, CREDENTIALS_SET_REASON, user.sessionId);
    const session = await this.uow.run((tx) =>
      this.sessions.open(
        tx,
        { id: user.userId, elevated: actsOnEveryone(user.kind, user.services) },
        user.kind === 'partner' ? 'partner' : 'password',
        context,
      ),
    );
    return { token: session.token };
  }

  /**
   * The PIN hash the temporary PIN was checked against (null when none is asked). A missing
   * value is a 400 and no try; any other goes through the one PIN gate.
   */
  private async temporaryPinProven({ user, temporaryPin, context }: SetCredentialsCommand) {
    const row = await this.credentials.current(user.userId);
    if (!row) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    if (!asksTemporaryPin(row)) return null;
    if (temporaryPin === undefined || temporaryPin === null || temporaryPin === '') {
      throw new AppError(ErrorKind.Invalid, OnboardingMessages.temporaryPinNeeded);
    }
    await this.pinVerifier.verify(user, temporaryPin, context);
    return row.pinHash;
  }

  private async newHashes(
    row: CredentialsRow,
    { newPassword, newPin }: SetCredentialsCommand,
  ): Promise<{ passwordHash: string | null; pinHash: string | null }> {
    const refusal = credentialsToSetRefusal(row, {
      password: newPassword !== null,
      pin: newPin !== null,
    });
    if (refusal) throw refusalError(refusal);
    if (
      newPassword !== null &&
      (await this.hashers.verifyPassword(newPassword, row.passwordHash))
    ) {
      throw new AppError(ErrorKind.Invalid, OnboardingMessages.sameAsTemporaryPassword);
    }
    if (newPin !== null && this.hashers.verifyPin(row.id, newPin, row.pinHash)) {
      throw new AppError(ErrorKind.Invalid, OnboardingMessages.sameAsTemporaryPin);
    }
    return {
      passwordHash: newPassword === null ? null : await this.hashers.hashPassword(newPassword),
      pinHash: newPin === null ? null : this.hashers.hashPin(row.id, newPin),
    };
  }
}
