import { createHash } from 'node:crypto';

export const GENESIS_HASH: Buffer = Buffer.alloc(32);

/**
 * The chain link of a posting, as `ledger_posting_hash` computes it in Postgres:
 * sha256(previous ‖ int8(event_seq) ‖ uuid(account) ‖ int8(amount)), integers big-endian.
 */
export function postingHash(
  previous: Buffer,
  eventSeq: bigint,
  accountId: string,
  amount: bigint,
): Buffer {
  const seq = Buffer.alloc(8);
  seq.writeBigInt64BE(eventSeq);
  const value = Buffer.alloc(8);
  value.writeBigInt64BE(amount);
  const account = Buffer.from(accountId.replace(/-/g, ''), 'hex');
  return createHash('sha256')
    .update(Buffer.concat([previous, seq, account, value]))
    .digest();
}
