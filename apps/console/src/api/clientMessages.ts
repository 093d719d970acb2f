/**
 * The client's own refusals (api/client.ts): no answer at all, or one without a message. In
 * English like the API's, so `ApiError` turns them into the reader's language the same way
 * (issue 30: the `messages` namespace's `client.*`, checked by tests/unit/domain-messages).
 */
export const ClientMessages = {
  unreachable: 'Cannot reach Khata. Please check your connection.',
  fallback: 'Something went wrong. Please try again.',
} as const;
