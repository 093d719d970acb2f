export const ResetCredentialsMessages = {
  notYourself: 'To change your own password or PIN, use the Control Panel.',
} as const;
