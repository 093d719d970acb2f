import { Injectable } from '@nestjs/common';
import { Ledger, type UserAccountKind } from '@khata/ledger';

/** Account ids kept per API process: tens of bytes each, the oldest dropped first. */
const IDS_KEPT = 100_000;

/**
 * The ids of users' ledger accounts, read once per process (issue 15: two look-ups less per
 * transfer). Safe to keep: an account is opened with its user, one per kind (UNIQUE (owner_id,
 * kind)), and never deleted (postings reference it), so an id, once read, stays right.
 */
@Injectable()
export class UserAccountIds {
  private readonly kept = new Map<string, string>();

  constructor(private readonly ledger: Ledger) {}

  async of(userId: string, kind: UserAccountKind): Promise<string> {
    const key = `${userId}/${kind}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    const id = await this.ledger.userAccount(userId, kind);
    if (this.kept.size >= IDS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, id);
    return id;
  }
}
