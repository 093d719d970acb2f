import { describe, expect, it } from '@jest/globals';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import {
  HEAD_DIGEST_DOMAIN,
  ledgerHeadDigest,
  publicKeyPem,
  samePublicKey,
  signatureHolds,
  signedHeadMessage,
} from './signed-heads.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = 'ffffffff-0000-4000-8000-00000000000b';
const hashA = Buffer.alloc(32, 1);
const hashB = Buffer.alloc(32, 2);

describe('the ledger head digest', () => {
  it('is SHA-256 over the domain, the seq and each account id with its head, by account id', () => {
    const seq = Buffer.alloc(8);
    seq.writeBigInt64BE(42n);
    const expected = createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from(HEAD_DIGEST_DOMAIN, 'utf8'),
          seq,
          Buffer.from(A.replace(/-/g, ''), 'hex'),
          hashA,
          Buffer.from(B.replace(/-/g, ''), 'hex'),
          hashB,
        ]),
      )
      .digest();
    const heads = [
      { accountId: B, hash: hashB },
      { accountId: A, hash: hashA },
    ];
    expect(ledgerHeadDigest(42n, heads)).toEqual(expected);
  });

  it('changes with the seq, with any head hash, and with which account holds it', () => {
    const base = ledgerHeadDigest(42n, [
      { accountId: A, hash: hashA },
      { accountId: B, hash: hashB },
    ]);
    expect(
      ledgerHeadDigest(43n, [
        { accountId: A, hash: hashA },
        { accountId: B, hash: hashB },
      ]),
    ).not.toEqual(base);
    expect(
      ledgerHeadDigest(42n, [
        { accountId: A, hash: hashB },
        { accountId: B, hash: hashA },
      ]),
    ).not.toEqual(base);
    expect(ledgerHeadDigest(42n, [{ accountId: A, hash: hashA }])).not.toEqual(base);
  });

  it('of an empty ledger is the digest of the domain and seq 0 alone', () => {
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.from(HEAD_DIGEST_DOMAIN), Buffer.alloc(8)]))
      .digest();
    expect(ledgerHeadDigest(0n, [])).toEqual(expected);
  });
});

describe('the signed head', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const digest = Buffer.alloc(32, 5);
  const message = signedHeadMessage('2026-11-25', 1234n, digest);
  const head = {
    day: '2026-11-25',
    seq: '1234',
    digest,
    signature: sign(null, Buffer.from(message), privateKey),
    publicKey: publicKeyPem(privateKey),
  };

  it('signs a message that names the day, the seq and the digest in hex', () => {
    expect(message).toBe(`khata-ledger-head v1 day=2026-11-25 seq=1234 digest=${'05'.repeat(32)}`);
  });

  it('holds under its key, and fails when the day, seq, digest or key change', () => {
    expect(signatureHolds(head)).toBe(true);
    expect(signatureHolds({ ...head, day: '2026-11-24' })).toBe(false);
    expect(signatureHolds({ ...head, seq: '1235' })).toBe(false);
    expect(signatureHolds({ ...head, digest: Buffer.alloc(32, 6) })).toBe(false);
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(signatureHolds({ ...head, publicKey: publicKeyPem(other) })).toBe(false);
    expect(signatureHolds({ ...head, publicKey: 'not a key' })).toBe(false);
  });

  it('knows a public key however its PEM is laid out', () => {
    const pem = publicKeyPem(privateKey);
    expect(samePublicKey(pem, `${pem}\n\n`)).toBe(true);
    expect(samePublicKey(pem, publicKeyPem(generateKeyPairSync('ed25519').privateKey))).toBe(false);
    expect(samePublicKey(pem, 'garbage')).toBe(false);
  });
});
