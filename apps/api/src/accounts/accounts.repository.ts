import { Injectable } from '@nestjs/common';
import { balanceCall, type Paise, type RoleKind } from '@khata/domain';
import {
  EVERY_USER_ACCOUNT_KINDS,
  LedgerReads,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from '@khata/ledger';
import type { Tx } from '../database/unit-of-work.js';

export type { UserAccountKind } from '@khata/ledger';

export type Balances = Record<UserAccountKind, Paise>;

@Injectable()
export class AccountsRepository {
  constructor(private readonly reads: LedgerReads) {}

  /** Opens a new user's accounts, in the transaction that creates the user. */
  async openFor(tx: Tx, userId: string, kind: RoleKind): Promise<void> {
    const kinds = balanceCall(kind) === 'admin' ? USER_ACCOUNT_KINDS : EVERY_USER_ACCOUNT_KINDS;
    await new LedgerReads(tx).openAccounts(userId, kinds);
  }

  /**
   * What each account of the user holds now: posted credits less posted debits, less what is
   * held (pending debits). Zero for an account the user does not have.
   */
  async balancesOf(userId: string): Promise<Balances> {
    const balances = Object.fromEntries(USER_ACCOUNT_KINDS.map((kind) => [kind, 0])) as Balances;
    for (const { kind, available } of await this.reads.availableByKind(userId)) {
      balances[kind] = available;
    }
    return balances;
  }

  /** How far below zero the user's wallet may go (issue 13): 0 unless an admin set a limit. */
  async overdraftLimitOf(userId: string): Promise<Paise> {
    return this.reads.overdraftLimit(userId, 'wallet');
  }
}
