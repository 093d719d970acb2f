import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { AepsBalanceMessages } from '@khata/domain';
import { LedgerError } from '@khata/ledger';
import { AccountsRepository } from '../../accounts/accounts.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UserAccountIds } from '../../ledger/user-account-ids.js';
import { appendedAnnouncement } from '../../transactions/appended-announcement.js';
import {
  ProjectedAppends,
  type AppendedProjected,
} from '../../transactions/projected-appends.repository.js';
import { aepsMoveEvent } from '../aeps-move-event.js';
import { MoveAepsBalanceCommand, type AepsBalanceMoved } from './move-aeps-balance.command.js';

/**
 * Load (the two account ids), decide (the PIN; the event), commit (one append, projected), then
 * announce after commit: `balance.updated` and `transaction.updated` reach the user's browsers
 * from what the append returned. The balances answered are the projection's; a replay, or an
 * append whose projection was deferred, reads them fresh.
 */
@CommandHandler(MoveAepsBalanceCommand)
export class MoveAepsBalanceHandler implements ICommandHandler<MoveAepsBalanceCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly accountIds: UserAccountIds,
    private readonly appends: ProjectedAppends,
    private readonly accounts: AccountsRepository,
    private readonly events: EventBus,
  ) {}

  async execute(command: MoveAepsBalanceCommand): Promise<AepsBalanceMoved> {
    const { user } = command;
    await this.pins.verify({ userId: user.userId }, command.pin, command.context);
    const [aepsAccountId, walletAccountId] = await Promise.all([
      this.accountIds.of(user.userId, 'aeps'),
      this.accountIds.of(user.userId, 'wallet'),
    ]);
    const appended = await this.append(
      aepsMoveEvent({
        user,
        aepsAccountId,
        walletAccountId,
        amount: command.amount,
        idempotencyKey: command.idempotencyKey,
        context: command.context,
      }),
    );
    const announcement = appendedAnnouncement(appended, new Map([[user.userId, user.kind]]));
    if (announcement) this.events.publish(announcement);
    const { balances } =
      appended.projection?.balances.get(user.userId) ??
      (await this.accounts.snapshotOf(user.userId));
    return {
      // A replay has the first request's amount: the same key with another is refused (409).
      moved: command.amount,
      aepsBalance: balances.aeps,
      walletBalance: balances.wallet,
      replayed: appended.replayed,
    };
  }

  /** The ledger's refusal of the debit is the shop's "not enough AEPS balance", in its words. */
  private async append(
    event: Parameters<ProjectedAppends['append']>[0],
  ): Promise<AppendedProjected> {
    try {
      return await this.appends.append(event);
    } catch (error) {
      if (error instanceof LedgerError && error.kind === 'insufficient-funds') {
        throw new AppError(ErrorKind.Refused, AepsBalanceMessages.insufficient);
      }
      throw error;
    }
  }
}
