export const WalletMessages = {
  recipientNotFound: 'User not found',
  toSelf: 'You cannot send money to your own wallet.',
} as const;
