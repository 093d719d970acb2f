export const ControlPanelMessages = {
  pinChanged: 'PIN changed successfully.',
  logs: 'Login history and account details.',
  sessionEnded: 'Logged out of this session.',
  // Ours: another device's session, ended from here.
  otherSessionEnded: 'Logged out of that device.',
  // Ours: the spec names the call but not the field's message.
  loginIdRequired: 'Please choose a session to log out.',
} as const;

export const ChangePasswordMessages = {
  wrongCurrent: 'Incorrect current password.',
  tooManyWrong: (minutes: number) =>
    `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
