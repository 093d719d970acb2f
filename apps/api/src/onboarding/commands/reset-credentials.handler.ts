import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Messages } from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { CredentialIssuer } from '../credential-issuer.js';
import { ResetCredentialsCommand } from './reset-credentials.command.js';
import { ResetCredentialsMessages } from '../reset-credentials-messages.js';

export { ResetCredentialsMessages } from '../reset-credentials-messages.js';

/** The reason stored on the sessions a reset ends. */
export const CREDENTIALS_RESET_REASON = 'credentials-reset';

/**
 * A one-time temporary password or PIN for a user in the actor's network (anyone else: 404,
 * as for a user that does not exist), after the actor's PIN. The value is written, audited and
 * sent by SMS in one transaction (no SMS, no change); then every session of the user ends.
 */
@CommandHandler(ResetCredentialsCommand)
export class ResetCredentialsHandler implements ICommandHandler<ResetCredentialsCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly pinVerifier: PinVerifier,
    private readonly scopes: NetworkScopes,
    private readonly issuer: CredentialIssuer,
    private readonly sessions: SessionsService,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: ResetCredentialsCommand): Promise<void> {
    const { actor, userId, what, reason, context } = command;
    await this.pinVerifier.verify(actor, command.pin, context);
    if (userId === actor.userId) {
      throw new AppError(ErrorKind.Refused, ResetCredentialsMessages.notYourself);
    }
    await this.uow.run(async (tx) => {
      await this.scopes.assertVisible(tx, actor, userId);
      const row = await this.issuer.lock(tx, userId);
      if (!row) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      const value = await this.issuer.reset(tx, userId, what);
      await this.audit.record(tx, {
        action: 'credentials.reset',
        outcome: 'success',
        actorId: actor.userId,
        subjectId: userId,
        sessionId: actor.sessionId,
        context,
        details: { what, reason },
      });
      await this.issuer.deliver(row.mobile, what, value);
    });
    await this.sessions.revokeAll(userId, CREDENTIALS_RESET_REASON);
  }
}
