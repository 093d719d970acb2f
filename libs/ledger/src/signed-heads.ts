import { createHash, createPublicKey, sign, verify, type Hash, type KeyObject } from 'node:crypto';
import type { SqlClient } from './sql-client.js';

/**
 * Tamper evidence anyone can check: the ledger's head at an event seq, signed once a day.
 *
 * The hash chain is per account (`ledger_posting_hash`), so the ledger's head is made of
 * every account's chain head. The head at seq N (version 1):
 *
 *   digest(N) = SHA-256( "khata-ledger-head-v1\n" ‖ int8(N)
 *                        ‖ for each account with a posting of event_seq ≤ N, by ascending id:
 *                            uuid(account) ‖ hash of its last such posting (highest posting id) )
 *
 * integers big-endian, a uuid its 16 bytes, a hash its 32 bytes. Accounts without such a
 * posting add nothing. Within an account posting ids follow its chain (the row lock orders
 * them); event seqs nearly do, which is why "last" means the highest posting id, not seq.
 *
 * The signed message is the UTF-8 text `khata-ledger-head v1 day=<YYYY-MM-DD> seq=<N>
 * digest=<hex>` (no newline), signed with Ed25519 (no pre-hash), so `openssl pkeyutl
 * -verify -rawin` checks it.
 */
export const HEAD_DIGEST_DOMAIN = 'khata-ledger-head-v1\n';

export interface ChainHead {
  accountId: string;
  hash: Buffer;
}

/** A digest under construction: accounts are added in ascending id order. */
export function startHeadDigest(seq: bigint): Hash {
  const seqBytes = Buffer.alloc(8);
  seqBytes.writeBigInt64BE(seq);
  return createHash('sha256').update(HEAD_DIGEST_DOMAIN, 'utf8').update(seqBytes);
}

export function addChainHead(digest: Hash, accountId: string, hash: Buffer): void {
  digest.update(Buffer.from(accountId.replace(/-/g, ''), 'hex')).update(hash);
}

/** The head digest at `seq` of the chain heads given (sorted here by account id). */
export function ledgerHeadDigest(seq: bigint, heads: readonly ChainHead[]): Buffer {
  const digest = startHeadDigest(seq);
  for (const head of [...heads].sort((a, b) => compareIds(a.accountId, b.accountId))) {
    addChainHead(digest, head.accountId, head.hash);
  }
  return digest.digest();
}

/** Postgres orders uuids by their bytes, which is the order of their lowercase hex text. */
function compareIds(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The exact bytes Ed25519 signs for a day's head. */
export function signedHeadMessage(day: string, seq: bigint | string, digest: Buffer): string {
  return `khata-ledger-head v1 day=${day} seq=${seq} digest=${digest.toString('hex')}`;
}

/** An Ed25519 key as Khata stores and publishes it: PEM (SPKI). */
export function publicKeyPem(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return publicKey.export({ format: 'pem', type: 'spki' }).toString();
}

/** Whether two public keys (PEM) are the same key, however the PEM is laid out. */
export function samePublicKey(a: string, b: string): boolean {
  try {
    const der = (pem: string) => createPublicKey(pem).export({ format: 'der', type: 'spki' });
    return der(a).equals(der(b));
  } catch {
    return false;
  }
}

export interface SignedHead {
  /** The India business day whose last event the head is taken at. */
  day: string;
  /** The seq of that event (0 when the ledger had none yet). */
  seq: string;
  digest: Buffer;
  signature: Buffer;
  /** The Ed25519 public key that signed it, PEM. */
  publicKey: string;
  signedAt: Date;
}

/** Whether a signed head's signature verifies under the public key stored with it. */
export function signatureHolds(
  head: Pick<SignedHead, 'day' | 'seq' | 'digest' | 'signature' | 'publicKey'>,
): boolean {
  try {
    return verify(
      null,
      Buffer.from(signedHeadMessage(head.day, head.seq, head.digest), 'utf8'),
      createPublicKey(head.publicKey),
      head.signature,
    );
  } catch {
    return false;
  }
}

interface SignedHeadRow {
  day: string;
  seq: string;
  digest: Buffer;
  signature: Buffer;
  public_key: string;
  signed_at: Date;
}

const SIGNED_HEAD_COLUMNS =
  'day::text AS day, seq::text AS seq, digest, signature, public_key, signed_at';

function toSignedHead(row: SignedHeadRow): SignedHead {
  return {
    day: row.day,
    seq: row.seq,
    digest: row.digest,
    signature: row.signature,
    publicKey: row.public_key,
    signedAt: new Date(row.signed_at),
  };
}

/** Every account's chain head at `seq`, by ascending account id (one index probe each). */
export async function chainHeadsAt(db: SqlClient, seq: bigint): Promise<ChainHead[]> {
  const { rows } = await db.query<{ account_id: string; hash: Buffer }>(
    `SELECT a.id AS account_id, p.hash
       FROM ledger_accounts a
       CROSS JOIN LATERAL (SELECT hash FROM ledger_postings
                            WHERE account_id = a.id AND event_seq <= $1
                            ORDER BY id DESC LIMIT 1) p
      ORDER BY a.id`,
    [seq.toString()],
  );
  return rows.map((row) => ({ accountId: row.account_id, hash: row.hash }));
}

/** The seq of the last event that occurred before `before` (0 when none did). */
export async function lastSeqBefore(db: SqlClient, before: Date): Promise<bigint> {
  const { rows } = await db.query<{ seq: string }>(
    `SELECT seq::text AS seq FROM ledger_events WHERE occurred_at < $1 ORDER BY seq DESC LIMIT 1`,
    [before],
  );
  return rows[0] ? BigInt(rows[0].seq) : 0n;
}

/**
 * Signs the ledger's head at the last event before `dayEnd` (the end of India day `day`) and
 * keeps it. A day is signed once: a second signer, in parallel or later, stores nothing and
 * gets the head already kept.
 */
export async function signLedgerHead(
  db: SqlClient,
  { day, dayEnd, key }: { day: string; dayEnd: Date; key: KeyObject },
): Promise<{ head: SignedHead; created: boolean }> {
  const existing = await signedHead(db, day);
  if (existing) return { head: existing, created: false };
  const seq = await lastSeqBefore(db, dayEnd);
  const digest = ledgerHeadDigest(seq, await chainHeadsAt(db, seq));
  const signature = sign(null, Buffer.from(signedHeadMessage(day, seq, digest), 'utf8'), key);
  const { rowCount } = await db.query(
    `INSERT INTO ledger_signed_heads (day, seq, digest, signature, public_key)
     VALUES ($1::date, $2::bigint, $3, $4, $5) ON CONFLICT (day) DO NOTHING`,
    [day, seq.toString(), digest, signature, publicKeyPem(key)],
  );
  const head = await signedHead(db, day);
  if (!head) throw new Error(`The signed head of ${day} was not kept.`);
  return { head, created: rowCount === 1 };
}

/** The signed head of a day, if it was signed. */
export async function signedHead(db: SqlClient, day: string): Promise<SignedHead | undefined> {
  const { rows } = await db.query<SignedHeadRow>(
    `SELECT ${SIGNED_HEAD_COLUMNS} FROM ledger_signed_heads WHERE day = $1::date`,
    [day],
  );
  return rows[0] && toSignedHead(rows[0]);
}

/** The last day signed, if any. */
export async function lastSignedDay(db: SqlClient): Promise<string | undefined> {
  const { rows } = await db.query<{ day: string }>(
    'SELECT max(day)::text AS day FROM ledger_signed_heads',
  );
  return rows[0]?.day ?? undefined;
}

/** Signed heads, newest day first, paged; with how many there are. */
export async function signedHeads(
  db: SqlClient,
  page: { limit: number; offset: number },
): Promise<{ rows: SignedHead[]; total: number }> {
  const { rows } = await db.query<SignedHeadRow>(
    `SELECT ${SIGNED_HEAD_COLUMNS} FROM ledger_signed_heads ORDER BY day DESC LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  const count = await db.query<{ total: string }>(
    'SELECT count(*)::text AS total FROM ledger_signed_heads',
  );
  return { rows: rows.map(toSignedHead), total: Number(count.rows[0]!.total) };
}

/** Every signed head, oldest first: what `verifyLedger` checks. */
export async function allSignedHeads(db: SqlClient): Promise<SignedHead[]> {
  const { rows } = await db.query<SignedHeadRow>(
    `SELECT ${SIGNED_HEAD_COLUMNS} FROM ledger_signed_heads ORDER BY day`,
  );
  return rows.map(toSignedHead);
}
