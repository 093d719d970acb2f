export const IdempotencyMessages = {
  missing: 'The Idempotency-Key header is required for a call that moves money.',
  invalid: 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.',
} as const;
