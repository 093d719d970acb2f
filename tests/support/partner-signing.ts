import { createHmac, randomUUID } from 'node:crypto';

/** What the partner area hands over once: the public key id and the signing secret. */
export interface PartnerKey {
  keyId: string;
  secret: string;
  key: { id: string; name: string; prefix: string; scopes: string[] };
}

/**
 * The recipe of docs/api.md ("Signing a call"), written out here rather than imported, so a
 * change to the server's recipe fails these tests instead of following along.
 */
export function signCall(
  secret: string,
  parts: { timestamp: string; nonce: string; method: string; path: string; body: string },
): string {
  const text = [parts.timestamp, parts.nonce, parts.method, parts.path, parts.body].join('\n');
  return `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
}

export const nowSeconds = () => String(Math.floor(Date.now() / 1000));

export interface SigningOptions {
  timestamp?: string;
  nonce?: string;
  /** Sign with this instead of the key's secret. */
  signWith?: string;
  /** Sign this path instead of the one called. */
  signPath?: string;
  idempotencyKey?: string;
}

/** The headers of a signed call from a partner's systems. */
export function signedHeaders(
  key: Pick<PartnerKey, 'keyId' | 'secret'>,
  method: string,
  path: string,
  body: string,
  options: SigningOptions = {},
): Record<string, string> {
  const timestamp = options.timestamp ?? nowSeconds();
  const nonce = options.nonce ?? randomUUID();
  const headers: Record<string, string> = {
    'x-khata-key-id': key.keyId,
    'x-khata-timestamp': timestamp,
    'x-khata-nonce': nonce,
    'x-khata-signature': signCall(options.signWith ?? key.secret, {
      timestamp,
      nonce,
      method,
      path: options.signPath ?? path,
      body,
    }),
  };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return headers;
}
