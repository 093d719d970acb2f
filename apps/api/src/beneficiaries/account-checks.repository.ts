import { Injectable } from '@nestjs/common';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface AccountCheckRecord {
  ownerId: string;
  accountNumber: string;
  ifsc: string;
  payeeName: string | null;
  reason: string | null;
  checkedAt: Date;
}

/** How long a penny drop vouches for an account when the beneficiary is then saved. */
export const ACCOUNT_CHECK_VALID_MS = 24 * 60 * 60 * 1000;

/**
 * The penny drops each user asked for. A saved beneficiary is "verified" only when one of
 * these returned a payee name for the same account, never on the client's word. The account
 * number is sealed, and matched by its keyed hash (issue 31).
 */
@Injectable()
export class AccountChecksRepository {
  constructor(
    private readonly db: Db,
    private readonly atRest: DataAtRest,
  ) {}

  async record(check: AccountCheckRecord): Promise<void> {
    const account = this.atRest.sealAccount(check.accountNumber);
    await this.db.query(
      `INSERT INTO bank_account_checks
         (owner_id, account_sealed, account_hash, ifsc, verified, payee_name, reason, checked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        check.ownerId,
        account.sealed,
        account.hash,
        check.ifsc,
        check.payeeName !== null,
        check.payeeName,
        check.reason,
        check.checkedAt,
      ],
    );
  }

  /** The payee name of the owner's latest successful check of this account since `since`. */
  async verifiedPayee(
    tx: Tx,
    account: { ownerId: string; accountNumber: string; ifsc: string },
    since: Date,
  ): Promise<string | undefined> {
    const { rows } = await tx.query<{ payeeName: string }>(
      `SELECT payee_name AS "payeeName" FROM bank_account_checks
        WHERE owner_id = $1 AND account_hash = $2 AND ifsc = $3 AND verified
          AND checked_at >= $4
        ORDER BY checked_at DESC LIMIT 1`,
      [account.ownerId, this.atRest.accountHash(account.accountNumber), account.ifsc, since],
    );
    return rows[0]?.payeeName;
  }
}
