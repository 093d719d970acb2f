import { Injectable } from '@nestjs/common';
import type { Tx } from '../database/unit-of-work.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { Payout } from './payout.js';
import { type CompensationRow, PayoutsRepository } from './payouts.repository.js';

/** What deciding a late return's compensation reads (libs/domain `decideCompensation`). */
export interface CompensationCase {
  payout: Payout;
  /** The compensation already paid for it, if any. */
  earlier: CompensationRow | undefined;
  /** The bank paid it (`processed` is on its stream) before it came back. */
  wasProcessed: boolean;
  owner: UserEntity | null;
}

@Injectable()
export class CompensationReads {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly users: UsersRepository,
  ) {}

  /**
   * The payout, locked for the transaction (so the compensation is paid once whoever clicks),
   * with what its decision needs. Undefined when there is no such payout.
   */
  async load(tx: Tx, payoutId: string): Promise<CompensationCase | undefined> {
    const payout = await this.payouts.lock(tx, payoutId);
    if (!payout) return undefined;
    const earlier = (await this.payouts.compensationsPaid(tx, [payout.id])).get(payout.id);
    const wasProcessed = await this.payouts.wasProcessed(tx, payout);
    const owner = await this.users.findById(payout.userId, tx);
    return { payout, earlier, wasProcessed, owner };
  }
}
