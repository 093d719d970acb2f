import { Injectable } from '@nestjs/common';
import type { DmtBeneficiaryState, RemitterState } from '@khata/domain';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { RemittersRepository } from './remitters.repository.js';

/** A remitter as other features see it (issue 25): no document, no date of birth. */
export interface RemitterView {
  id: string;
  mobile: string;
  name: string;
  state: RemitterState;
}

/** A remitter's beneficiary with its account number opened, for the transfer that pays it. */
export interface PayableBeneficiary {
  id: string;
  remitterId: string;
  name: string;
  bankName: string;
  ifsc: string;
  accountNumber: string;
  accountLast4: string;
  verifiedName: string | null;
  state: DmtBeneficiaryState;
}

/**
 * The read port DMT transfers use (issue 25): a remitter by id or mobile, a beneficiary with
 * its account number unsealed. Pass the caller's transaction to read inside it.
 */
@Injectable()
export class Remitters {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly atRest: DataAtRest,
    private readonly db: Db,
  ) {}

  async findById(id: string, tx: Tx = this.db): Promise<RemitterView | undefined> {
    const row = await this.remitters.findById(tx, id);
    return row && { id: row.id, mobile: row.mobile, name: row.name, state: row.state };
  }

  async findByMobile(mobile: string, tx: Tx = this.db): Promise<RemitterView | undefined> {
    const row = await this.remitters.findByMobile(tx, mobile);
    return row && { id: row.id, mobile: row.mobile, name: row.name, state: row.state };
  }

  async findBeneficiary(id: string, tx: Tx = this.db): Promise<PayableBeneficiary | undefined> {
    const row = await this.remitters.findBeneficiary(tx, id);
    if (!row) return undefined;
    return {
      id: row.id,
      remitterId: row.remitterId,
      name: row.name,
      bankName: row.bankName,
      ifsc: row.ifsc,
      accountNumber: this.atRest.open(row.accountSealed),
      accountLast4: row.accountLast4,
      verifiedName: row.verifiedName,
      state: row.state,
    };
  }
}
