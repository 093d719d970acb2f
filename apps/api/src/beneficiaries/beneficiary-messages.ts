import { MAX_AEPS_ACCOUNTS, NO_PAYOUT_SERVICE_MESSAGE } from '@khata/domain';

/**
 * Beneficiary answers the spec does not word ("ours", recorded in docs/decisions.md). The
 * spec's own strings (§5, §8) come from `Messages` in @khata/domain.
 */
export const BeneficiaryMessages = {
  notFound: 'Beneficiary not found.',
  noPayoutService: NO_PAYOUT_SERVICE_MESSAGE,
  duplicate: 'This beneficiary is already saved.',
  aepsLimit: `You can add at most ${MAX_AEPS_ACCOUNTS} AEPS accounts.`,
  typeInvalid: 'Type must be payout or dmt.',
  listTypeInvalid: 'Type must be payout, dmt or aeps.',
  statusInvalid: 'Status must be verified or pending.',
  beneficiaryMobileInvalid: 'Beneficiary mobile number must be 10 digits',
  consentRequired: 'Please give your consent to verify the account.',
  chooseBeneficiary: 'Please choose a beneficiary.',
  otpRequired: 'Please enter the OTP.',
  otpFormat: 'The OTP is 6 digits.',
  referenceKeyRequired: 'The OTP reference is missing. Please request a new OTP.',
  otpExpired: 'The OTP has expired. Please request a new one.',
  otpAttempts: 'Too many wrong OTPs. Please request a new one.',
  otpUnavailable: 'We could not send the OTP. Please try again later.',
  alreadyRegistered: 'This beneficiary is already registered.',
  deleted: 'Beneficiary deleted successfully.',
  actionInvalid: 'Action must be approve or reject.',
  remarkTooLong: 'Remark can be at most 200 characters.',
  textTooLong: (field: string) => `${field} can be at most 120 characters.`,
  approved: 'AEPS account approved.',
  rejected: 'AEPS account rejected.',
  alreadyDecided: (status: string) => `This AEPS account is already ${status}.`,
  tooManyOtps: (minutes: number) =>
    `Too many OTPs sent to this number. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyChecks: (minutes: number) =>
    `Too many account verifications. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** Redis down: the limits of paid calls cannot be counted, so they refuse (503). */
  checksUnavailable:
    'Account verification is unavailable right now. Please try again in a few minutes.',
  otpsUnavailable: 'OTPs cannot be sent right now. Please try again in a few minutes.',
} as const;
