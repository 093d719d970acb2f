import { Injectable } from '@nestjs/common';
import { type Paise, type RoleKind } from '@khata/domain';
import { LedgerReads, USER_ACCOUNT_KINDS, type UserAccountKind } from '@khata/ledger';
import type { Tx } from '../database/unit-of-work.js';

export type { UserAccountKind } from '@khata/ledger';

export type Balances = Record<UserAccountKind, Paise>;

/** A user's balances as one read saw them (issue 23). */
export interface BalanceSnapshot {
  balances: Balances;
  /** The wallet's overdraft limit (paise). */
  overdraftLimit: Paise;
  /** The sum of the user's accounts' balance versions: of two snapshots, the larger is newer. */
  version: number;
}

@Injectable()
export class AccountsRepository {
  constructor(private readonly reads: LedgerReads) {}

  /**
   * Opens a new user's accounts, in the transaction that creates the user. Every role holds a
   * commission account since issue 13 (distributors earn into it); `_kind` stays for callers.
   */
  async openFor(tx: Tx, userId: string, _kind: RoleKind): Promise<void> {
    await new LedgerReads(tx).openAccounts(userId, USER_ACCOUNT_KINDS);
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

  /**
   * The user's balances read once, with the wallet's overdraft limit and the version of these
   * figures (issue 23: the sum of the accounts' balance versions; larger is newer).
   */
  async snapshotOf(userId: string): Promise<BalanceSnapshot> {
    const balances = Object.fromEntries(USER_ACCOUNT_KINDS.map((kind) => [kind, 0])) as Balances;
    let overdraftLimit = 0;
    let version = 0;
    for (const account of await this.reads.availableByKind(userId)) {
      balances[account.kind] = account.available;
      if (account.kind === 'wallet') overdraftLimit = account.overdraftLimit;
      version += account.balanceVersion;
    }
    return { balances, overdraftLimit, version };
  }

  /** How far below zero the user's wallet may go (issue 13): 0 unless an admin set a limit. */
  async overdraftLimitOf(userId: string): Promise<Paise> {
    return this.reads.overdraftLimit(userId, 'wallet');
  }
}
