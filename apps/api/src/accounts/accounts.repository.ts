import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { balanceCall, type Paise, type RoleKind } from '@khata/domain';
import type { DataSource, EntityManager } from 'typeorm';

/** The accounts each user holds; admin-type roles also hold the commission ("profit area"). */
export type UserAccountKind = 'wallet' | 'lien' | 'security' | 'aeps' | 'commission';

const EVERY_USER: readonly UserAccountKind[] = ['wallet', 'lien', 'security', 'aeps'];

export type Balances = Record<UserAccountKind, Paise>;

@Injectable()
export class AccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Opens a new user's accounts, in the transaction that creates the user. */
  async openFor(manager: EntityManager, userId: string, kind: RoleKind): Promise<void> {
    const kinds = balanceCall(kind) === 'admin' ? [...EVERY_USER, 'commission'] : EVERY_USER;
    await manager.query(
      `INSERT INTO ledger_accounts (owner_id, kind) SELECT $1, unnest($2::text[])`,
      [userId, kinds],
    );
  }

  /**
   * What each account of the user holds now: posted credits less posted debits, less what is
   * held (pending debits). Zero for an account the user does not have.
   */
  async balancesOf(userId: string): Promise<Balances> {
    const rows: { kind: UserAccountKind; available: string }[] = await this.dataSource.query(
      `SELECT kind, (credits_posted - debits_posted - debits_pending)::text AS available
         FROM ledger_accounts WHERE owner_id = $1`,
      [userId],
    );
    const balances: Balances = { wallet: 0, lien: 0, security: 0, aeps: 0, commission: 0 };
    for (const row of rows) balances[row.kind] = Number(row.available);
    return balances;
  }
}
