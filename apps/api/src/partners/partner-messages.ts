/** The machine API's refusals: each one says what to fix, never which secret was wrong. */
export const PartnerApiMessages = {
  keyRequired: 'Send your API key in the X-Khata-Key header (<prefix>.<secret>).',
  keyInvalid: 'This API key is not valid.',
  keyRevoked: 'This API key has been revoked.',
  signatureMissing: 'Send X-Khata-Timestamp (unix seconds) and X-Khata-Signature (sha256=<hex>).',
  signatureMalformed:
    'X-Khata-Signature must be sha256=<64 hex digits>, X-Khata-Timestamp unix seconds.',
  signatureStale: 'X-Khata-Timestamp is more than 300 seconds from our clock: sign the call again.',
  signatureMismatch: 'The signature does not match the body: sign "<timestamp>.<raw body>".',
  scopeMissing: 'This API key does not have the scope this call needs',
  accountInactive: 'This partner account is not active.',
  payoutNotFound: 'Payout not found.',
  limitUnavailable: 'We cannot take calls with API keys right now. Please try again shortly.',
} as const;
