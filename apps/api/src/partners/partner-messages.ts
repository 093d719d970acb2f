const SCOPE_MISSING = 'This API key does not have the scope this call needs';

/** The machine API's refusals: each one says what to fix, never which secret was wrong. */
export const PartnerApiMessages = {
  keyRequired:
    'Send your key id in the X-Khata-Key-Id header and sign the call (X-Khata-Timestamp, X-Khata-Nonce, X-Khata-Signature).',
  oldKeyHeader:
    'X-Khata-Key is no longer accepted and your secret must never be sent: send your key id (kh_live_…) in X-Khata-Key-Id and sign the call with the secret (see "Signing a call" in the API reference).',
  keyInvalid: 'This API key is not valid.',
  keyRevoked: 'This API key has been revoked.',
  signatureMissing:
    'Send X-Khata-Timestamp (unix seconds), X-Khata-Nonce (a new value each call) and X-Khata-Signature (sha256=<hex>).',
  signatureMalformed:
    'X-Khata-Signature must be sha256=<64 hex digits>, X-Khata-Timestamp unix seconds, X-Khata-Nonce 16 to 64 letters, digits, - or _.',
  signatureStale: 'X-Khata-Timestamp is more than 300 seconds from our clock: sign the call again.',
  signatureMismatch:
    'The signature does not match the call: sign "<timestamp>\\n<nonce>\\n<METHOD>\\n<path?query>\\n<raw body>" with your secret.',
  replayed: 'This signed call was already received: sign each call with a new X-Khata-Nonce.',
  scopeMissing: SCOPE_MISSING,
  scopeMissingFor: (scope: string) => `${SCOPE_MISSING} (${scope}).`,
  tooManyCalls: (seconds: number) =>
    `Too many calls with this API key. Please retry in ${seconds} seconds.`,
  accountInactive: 'This partner account is not active.',
  payoutNotFound: 'Payout not found.',
  limitUnavailable: 'We cannot take calls with API keys right now. Please try again shortly.',
} as const;
