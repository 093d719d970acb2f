import { Inject } from '@nestjs/common';
import { EventsHandler, QueryBus, type IEventHandler } from '@nestjs/cqrs';
import { roleKind } from '@khata/domain';
import { GetBalancesQuery } from '../accounts/queries/get-balance.query.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { TransactionsProjectedEvent } from '../transactions/transactions-projected.event.js';
import { UsersRepository } from '../users/users.repository.js';
import { balanceUpdate } from './balance-update.js';
import { SocketEmitter } from './socket-emitter.js';

/**
 * After the transaction read model took committed ledger events (in whichever process
 * appended them): each changed record to its user, then each moved balance: as the
 * projected append returned it when it did (issue 15), else read fresh.
 */
@EventsHandler(TransactionsProjectedEvent)
export class TransactionsProjectedHandler implements IEventHandler<TransactionsProjectedEvent> {
  constructor(
    private readonly emitter: SocketEmitter,
    private readonly queries: QueryBus,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle({ records, balanceOwners, known }: TransactionsProjectedEvent): Promise<void> {
    for (const { userId, record } of records) this.emitter.transactionUpdated(userId, record);
    await Promise.all([...new Set(balanceOwners)].map((userId) => this.sendBalance(userId, known)));
  }

  private async sendBalance(
    userId: string,
    known: TransactionsProjectedEvent['known'],
  ): Promise<void> {
    const balance = known.get(userId);
    if (balance) {
      this.emitter.balanceUpdated(userId, balanceUpdate(balance.balances, balance.kind));
      return;
    }
    const user = await this.users.findById(userId);
    const kind = user && roleKind(user.role, this.config.productKey);
    if (!kind) return;
    const balances = await this.queries.execute(new GetBalancesQuery(userId, kind));
    this.emitter.balanceUpdated(userId, balanceUpdate(balances, kind));
  }
}
