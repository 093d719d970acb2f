import type { SignedHeadFile } from '@khata/domain';
import { signedHeadMessage, type SignedHead } from '@khata/ledger';

/**
 * A day's signed head as a file anyone can check without Khata: the message, the signature
 * and the key, and the commands that check them with OpenSSL 3 (tested in
 * tests/integration/database-admin.test.ts when openssl is installed).
 */
export function signedHeadFile(head: SignedHead): SignedHeadFile {
  const message = signedHeadMessage(head.day, head.seq, head.digest);
  return {
    format: 'khata-ledger-head v1',
    day: head.day,
    seq: Number(head.seq),
    digest: head.digest.toString('hex'),
    message,
    signature: head.signature.toString('base64'),
    algorithm: 'Ed25519',
    publicKey: head.publicKey,
    signedAt: head.signedAt.toISOString(),
    howToCheck: [
      'Compare publicKey with the key Khata publishes at GET /api/public/ledger-key.',
      'jq -j .message head.json > message.txt',
      'jq -r .signature head.json | base64 -d > signature.bin',
      'jq -r .publicKey head.json > key.pem',
      'openssl pkeyutl -verify -pubin -inkey key.pem -rawin -in message.txt -sigfile signature.bin',
      'OpenSSL answers "Signature Verified Successfully". The digest is recomputed from the ledger by npm run ledger:verify (libs/ledger/src/signed-heads.ts defines it).',
    ],
  };
}
