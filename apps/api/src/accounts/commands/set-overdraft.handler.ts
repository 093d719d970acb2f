import { auditMoney } from '@khata/domain';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '@khata/ledger';
import { AuditLog } from '../../audit/audit.repository.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { TransactionsProjectedEvent } from '../../transactions/transactions-projected.event.js';
import { LedgerAppendedEvent } from '../../ledger/ledger-appended.event.js';
import { actionMetadata, requestHash } from './holding-events.js';
import { overdraftEvent } from './overdraft-event.js';
import { SetOverdraftCommand, type OverdraftSet } from './set-overdraft.command.js';

@CommandHandler(SetOverdraftCommand)
export class SetOverdraftHandler implements ICommandHandler<SetOverdraftCommand> {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
    private readonly pins: PinVerifier,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly events: EventBus,
  ) {}

  async execute(command: SetOverdraftCommand): Promise<OverdraftSet> {
    const { admin, userId, limit, reason, context, idempotencyKey: key } = command;
    await this.pins.verify(admin, command.pin, context);
    await this.scopes.assertVisible(this.db, admin, userId);
    const wallet = await this.ledger.userAccount(userId, 'wallet');
    // Under the wallet's row lock: a payout racing this change meets the old limit or the
    // new one, never a mix; a limit below what the wallet owes is refused (422).
    const appended = await this.ledger.append({
      ...overdraftEvent(userId, wallet, limit, reason),
      metadata: actionMetadata(admin, context, key),
      actorId: admin.userId,
      idempotencyKey: key,
      requestHash: requestHash('overdraft', userId, limit, reason),
    });
    if (!appended.replayed) {
      await this.audit.record(this.db, {
        action: 'overdraft.set',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: userId,
        sessionId: admin.sessionId,
        context,
        details: { overdraftLimit: auditMoney(limit), reason, seq: appended.seq },
      });
      this.events.publish(new LedgerAppendedEvent([appended.seq]));
      // Nothing was posted, so the read model names no balance owner: push it here.
      this.events.publish(new TransactionsProjectedEvent([], [userId]));
    }
    return { userId, overdraftLimit: limit, replayed: appended.replayed };
  }
}
