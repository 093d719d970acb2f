import type { Hash } from 'node:crypto';
import { GENESIS_HASH, postingHash } from './hash.js';
import { LEDGER_AMOUNT_LIMIT } from './constants.js';
import {
  addChainHead,
  allSignedHeads,
  samePublicKey,
  signatureHolds,
  startHeadDigest,
  type SignedHead,
} from './signed-heads.js';
import type { SqlClient } from './sql-client.js';

export interface Verification {
  ok: boolean;
  violations: string[];
  checked: { events: number; postings: number; accounts: number; signedHeads: number };
}

export interface VerifyOptions {
  /**
   * The public keys Khata published (PEM). When given, a signed head stored with any other
   * key is a violation: whoever can write the table could sign with a key of their own.
   */
  trustedKeys?: readonly string[];
}

/** The invariants of the ledger design, each as one query, named for what it guarantees. */
const INVARIANTS: { name: string; sql: string }[] = [
  {
    name: 'every event balances (its postings sum to zero)',
    // The same check the month's reconciliation asks of a month (sql/08-reads.sql).
    sql: `SELECT 'event ' || seq AS problem
            FROM ledger_unbalanced_events('-infinity', 'infinity') LIMIT 20`,
  },
  {
    name: 'all postings sum to zero',
    sql: `SELECT 'total ' || sum(amount) AS problem FROM ledger_postings HAVING sum(amount) <> 0`,
  },
  {
    name: "each account's posted totals and version equal its postings",
    sql: `SELECT 'account ' || a.id AS problem FROM ledger_accounts a
            LEFT JOIN (SELECT account_id, sum(greatest(-amount, 0)) AS debits,
                              sum(greatest(amount, 0)) AS credits, count(*) AS postings
                         FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
           WHERE a.debits_posted <> coalesce(p.debits, 0) OR a.credits_posted <> coalesce(p.credits, 0)
              OR a.version <> coalesce(p.postings, 0) LIMIT 20`,
  },
  {
    name: "each account's pending debits equal its pending holds",
    sql: `SELECT 'account ' || a.id AS problem FROM ledger_accounts a
            LEFT JOIN (SELECT account_id, sum(amount) AS held FROM ledger_holds
                        WHERE status = 'pending' GROUP BY account_id) h ON h.account_id = a.id
           WHERE a.debits_pending <> coalesce(h.held, 0) LIMIT 20`,
  },
  {
    name: "each account's balance version counts its postings, holds placed and closed, and limit changes",
    sql: `SELECT 'account ' || a.id AS problem FROM ledger_accounts a
           WHERE a.balance_version <> a.version
                 + (SELECT count(*) FROM ledger_holds h WHERE h.account_id = a.id)
                 + (SELECT count(*) FROM ledger_holds h WHERE h.account_id = a.id AND h.closed_seq IS NOT NULL)
                 + (SELECT count(*) FROM ledger_limits l WHERE l.account_id = a.id) LIMIT 20`,
  },
  {
    name: "each account's overdraft limit is the last limit an event set (zero if none)",
    sql: `SELECT 'account ' || a.id AS problem FROM ledger_accounts a
            LEFT JOIN (SELECT DISTINCT ON (account_id) account_id, overdraft_limit FROM ledger_limits
                        ORDER BY account_id, id DESC) l ON l.account_id = a.id
           WHERE a.overdraft_limit <> coalesce(l.overdraft_limit, 0) LIMIT 20`,
  },
  {
    name: 'no account is below minus its overdraft limit, counting holds',
    sql: `SELECT 'account ' || id AS problem FROM ledger_accounts
           WHERE NOT floor_exempt
             AND credits_posted - debits_posted - debits_pending + overdraft_limit < 0 LIMIT 20`,
  },
  {
    name: `no account holds more than ${LEDGER_AMOUNT_LIMIT} paise either way`,
    sql: `SELECT 'account ' || id AS problem FROM ledger_accounts
           WHERE abs(credits_posted - debits_posted) > ${LEDGER_AMOUNT_LIMIT} LIMIT 20`,
  },
  {
    name: 'events, postings, limits and signed heads refuse UPDATE, DELETE and TRUNCATE',
    sql: `SELECT 'missing trigger ' || name AS problem FROM unnest(ARRAY[
             'ledger_events_append_only', 'ledger_events_no_truncate',
             'ledger_postings_append_only', 'ledger_postings_no_truncate',
             'ledger_limits_append_only', 'ledger_limits_no_truncate',
             'ledger_signed_heads_append_only', 'ledger_signed_heads_no_truncate']) AS name
           WHERE NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = name)`,
  },
];

/**
 * Checks every invariant, then walks each account's postings in order: running balance,
 * version and hash chain must match what was stored, and the last hash the account's own.
 * Each signed head is recomputed from the same walk and its signature checked.
 */
export async function verifyLedger(
  db: SqlClient,
  options: VerifyOptions = {},
): Promise<Verification> {
  const violations: string[] = [];
  for (const invariant of INVARIANTS) {
    const { rows } = await db.query<{ problem: string }>(invariant.sql);
    for (const row of rows) violations.push(`${invariant.name}: ${row.problem}`);
  }
  const heads = await allSignedHeads(db);
  const digests = heads.map((head) => startHeadDigest(BigInt(head.seq)));
  violations.push(...(await verifyChains(db, heads, digests)));
  violations.push(...checkSignedHeads(heads, digests, options));
  // count(*) is int8: a number from Khata's pools (khataTypes), text from a bare pg client.
  const { rows } = await db.query<Record<'events' | 'postings' | 'accounts', number | string>>(
    `SELECT (SELECT count(*) FROM ledger_events) AS events,
            (SELECT count(*) FROM ledger_postings) AS postings,
            (SELECT count(*) FROM ledger_accounts) AS accounts`,
  );
  const counts = rows[0]!;
  return {
    ok: violations.length === 0,
    violations,
    checked: {
      events: Number(counts.events),
      postings: Number(counts.postings),
      accounts: Number(counts.accounts),
      signedHeads: heads.length,
    },
  };
}

/** Each signed head: its digest as the walk recomputed it, its signature, its key. */
function checkSignedHeads(
  heads: SignedHead[],
  digests: Hash[],
  { trustedKeys }: VerifyOptions,
): string[] {
  const violations: string[] = [];
  heads.forEach((head, index) => {
    const name = `signed head of ${head.day} (seq ${head.seq})`;
    const recomputed = digests[index]!.digest();
    if (!recomputed.equals(head.digest)) {
      violations.push(
        `${name}: the ledger's head is ${recomputed.toString('hex')}, the signed digest ${head.digest.toString('hex')}`,
      );
    }
    if (!signatureHolds(head)) violations.push(`${name}: the signature does not verify`);
    if (trustedKeys && !trustedKeys.some((key) => samePublicKey(key, head.publicKey))) {
      violations.push(`${name}: signed by a key Khata did not publish`);
    }
  });
  return violations;
}

/**
 * The last index whose seq is at most `seq`, or -1: `suffixMin[i]` is the least seq from i
 * on, which never decreases, so a binary search finds it though seqs themselves may not be
 * in posting order.
 */
function lastAtOrBefore(suffixMin: bigint[], seq: bigint): number {
  let low = 0;
  let high = suffixMin.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (suffixMin[mid]! <= seq) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

async function verifyChains(
  db: SqlClient,
  heads: SignedHead[],
  digests: Hash[],
): Promise<string[]> {
  const violations: string[] = [];
  const { rows: accounts } = await db.query<{ id: string; last_hash: Buffer }>(
    'SELECT id, last_hash FROM ledger_accounts ORDER BY id',
  );
  for (const account of accounts) {
    const { rows: postings } = await db.query<{
      id: string;
      event_seq: number | string;
      amount: number | string;
      balance_after: number | string;
      version_after: number | string;
      hash: Buffer;
    }>(
      `SELECT id, event_seq, amount, balance_after, version_after, hash
         FROM ledger_postings WHERE account_id = $1 ORDER BY id`,
      [account.id],
    );
    let hash: Buffer = GENESIS_HASH;
    let balance = 0n;
    let version = 0n;
    for (const posting of postings) {
      const amount = BigInt(posting.amount);
      hash = postingHash(hash, BigInt(posting.event_seq), account.id, amount);
      balance += amount;
      version += 1n;
      if (!hash.equals(posting.hash))
        violations.push(`hash chain breaks at posting ${posting.id} of ${account.id}`);
      if (balance !== BigInt(posting.balance_after)) {
        violations.push(
          `balance after posting ${posting.id} of ${account.id} is not the running sum`,
        );
      }
      if (version !== BigInt(posting.version_after))
        violations.push(`version after posting ${posting.id} is wrong`);
      hash = posting.hash;
    }
    if (!hash.equals(account.last_hash))
      violations.push(`account ${account.id} last hash does not end its chain`);
    if (heads.length && postings.length) {
      const suffixMin = postings.map((posting) => BigInt(posting.event_seq));
      for (let i = suffixMin.length - 2; i >= 0; i--) {
        if (suffixMin[i + 1]! < suffixMin[i]!) suffixMin[i] = suffixMin[i + 1]!;
      }
      heads.forEach((head, index) => {
        const last = lastAtOrBefore(suffixMin, BigInt(head.seq));
        if (last >= 0) addChainHead(digests[index]!, account.id, postings[last]!.hash);
      });
    }
  }
  return violations;
}
