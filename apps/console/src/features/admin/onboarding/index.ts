// The onboarding feature's public entry (issue 12): the onboarding form, the screen that sets
// temporary credentials, and the reset action for the User details screen.
export { ChangeMobilePage } from './ChangeMobilePage';
export { OnboardingPage } from './OnboardingPage';
export { ResetCredentialsButton, type ResetCredentialsButtonProps } from './ResetCredentialsButton';
export { SetCredentialsScreen } from './SetCredentialsScreen';
export { temporaryCredentialsOf } from './api';
export { AddUserButton } from './AddUserButton';
