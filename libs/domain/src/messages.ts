import { plural } from './plural.js';

/**
 * Every user-facing word of the rules, in one place. The spec's strings are requirements and
 * are copied word for word (punctuation included, even where inconsistent); the ones marked
 * "ours" fill gaps the spec leaves and are recorded in docs/decisions.md.
 */
export const Messages = {
  // Spec §5, wallet transfer
  mobileRequired: 'Please input mobile number!',
  mobileTenDigits: 'Mobile number must be 10 digits',
  amountRequired: 'Please input amount!',
  amountInvalid: 'Please enter a valid amount',
  pinRequired: 'Please input your PIN!',
  pinDigitsOnly: 'PIN should contain only numbers',
  holderNotFound: 'Please enter a valid mobile number first',

  // Spec §5, change PIN, beneficiary and payout
  changePinBothRequired: 'Both Old PIN and New PIN are required!',
  beneficiaryFieldsRequired: 'Please fill in all required fields.',
  payoutFieldsRequired: 'Please fill up all the required details.',
  payoutPinRequired: 'PIN is required.',
  payoutCap: 'Amount should be less than 200000',
  unlimitedPayoutCap: 'Amount should be less than 1000000',
  previousTransactionsMax: 'You can check a maximum of 20 transactions at a time.',

  // Spec §5, amount to words and maps
  amountToWordsInvalid: 'Please provide a valid positive number.',
  coordinatesMissing: 'Location coordinates are not available.',

  // Ours: the spec is silent on these rules
  amountDecimals: 'Amount can have at most 2 decimal places.',
  amountTooLarge: 'Amount is too large.',
  amountNotPositive: 'Amount must be greater than zero.',
  amountAboveTransferMax: 'Amount can be at most ₹1,00,00,000.00 in one transfer.',
  walletBalanceCeiling: 'The wallet cannot hold more than ₹10,00,00,000.00.',
  pinLength: 'PIN must be 4 to 10 digits.',
  newPinSameAsOld: 'New PIN must be different from Old PIN.',
  ifscRequired: 'IFSC is required.',
  ifscInvalid: 'Please enter a valid 11-character IFSC, e.g. SBIN0001234.',
  accountNumberRequired: 'Account number is required.',
  accountNumberInvalid: 'Account number must be 9 to 18 digits.',
  verifyNeedsAccountAndIfsc: 'Please enter account number and IFSC to verify.',
  paymentModeInvalid: 'Payment mode must be IMPS, NEFT or RTGS.',
  impsMax: 'IMPS allows at most ₹5,00,000 per transaction.',
  rtgsMin: 'RTGS needs an amount of at least ₹2,00,000.',
  previousTransactionsMin: 'Please enter a whole number of transactions, at least 1.',
  signedOutElsewhere: 'You were signed out from another device.',
  sessionEnded: 'Your session has ended. Please login again.',
  // Issue 23: a session's day ends at India's midnight; /login says so.
  sessionEndedAtMidnight: 'Your session ended at midnight (India time). Please sign in again.',
  accountDeactivated: 'Your account has been deactivated. Please contact support.',
  // Ours, issue 31: what a session opened by a sign-in link may not do.
  linkSessionRefused:
    'This account was opened with a sign-in link, which cannot change its password, PIN or mobile, submit its KYC, create API keys or move money. The account holder must sign in with their own password to do this.',

  // Spec §8, error catalogue
  loginRequired: 'Please login to continue',
  userNotFound: 'User not found',
  fetchUserFailed: 'Failed to fetch user details',
  fetchUserSucceeded: 'User details fetched successfully',
  transactionError: 'An error occurred during the transaction',
  bankDetailsFailed: 'Failed to fetch bank details.',
  bankOptionsFailed: 'Failed to retrieve bank options.',
  verificationRetry: 'Verification failed. Please try again.',
  accountVerified: 'Account verified successfully!',
  otpFailed: 'Failed to verify OTP.',
  beneficiaryRegistered: 'Beneficiary registered successfully!',
  beneficiaryCreated: 'Beneficiary created successfully.',
  beneficiariesLoadFailed: 'Failed to load beneficiaries.',
  beneficiariesLoadError: 'Error loading beneficiaries.',
  transferError: 'Error processing transfer. Please try again later.',
  transactionProcessed: 'Transaction processed.',
  lastTransactionCheckFailed: 'Error checking last transaction.',
  logoutSessionFailed: 'Failed to logout this session.',
  transactionFailed: 'Transaction Failed',
  noTransactions: 'No transactions found.',
  noData: 'No data found',
  noActivatedAccount: 'No Activated Account found',

  // Spec §2 and §4, location gate
  geolocationUnsupported: 'Geolocation is not supported by this browser.',
  locationNotAllowed: 'Your location is not allowed to access this page...',
} as const;

export type MessageKey = keyof typeof Messages;

/** Issue 31: why /login was reached after a session was left unused. */
export function signedOutIdle(minutes: number): string {
  return `You were signed out after ${plural(minutes, 'minute')} without activity. Please sign in again.`;
}

/** Issue 31: an admin's session ends after its hours (ADMIN_SESSION_HOURS), not at midnight. */
export function sessionEndedAfter(hours: number): string {
  return `Your session ended after ${plural(hours, 'hour')}. Please sign in again.`;
}

/** Spec §8: "Payment Failed: {message}". */
export function paymentFailed(message: string): string {
  return `Payment Failed: ${message}`;
}

/** Spec §8: "Payment successful: {message}". */
export function paymentSuccessful(message: string): string {
  return `Payment successful: ${message}`;
}

/** Spec §8: "Verification failed: {text}". */
export function verificationFailed(text: string): string {
  return `Verification failed: ${text}`;
}
