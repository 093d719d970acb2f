import { type Check, fail, pass } from '../check.js';
import { checkNewPassword } from '../account-fields.js';
import { checkPin } from '../pin.js';
import { ROLE_KINDS, type RoleKind } from '../roles.js';
import type { Ok } from './common.js';

/**
 * Onboarding (issue 12): users made by an admin or a distributor start with a temporary
 * password sent by SMS and must set their own password and PIN at first sign-in; an admin's
 * reset of a password or PIN works the same way; a public signup proves its mobile with an OTP.
 */

/** What a temporary credential can be: the password, the PIN, or both at first sign-in. */
export type TemporaryCredential = 'password' | 'pin';

/** `POST /api/admin/register-user` (the onboarding form): no password or PIN any more. */
export interface OnboardUserRequest {
  name: string;
  mobile: string;
  email?: string;
  shopName?: string;
  role: string;
  /** Admins only: the upline, when it is not the admin. */
  parentMobile?: string;
}

export interface OnboardedUser {
  id: string;
  mobile: string;
  role: string;
}

/** The answer: the user, and whether the temporary password went out by SMS. */
export interface OnboardUserAnswer extends Ok {
  user: OnboardedUser;
  message: string;
}

/** `POST /api/auth/setCredentials`: the fields the user's temporary credentials call for. */
export interface SetCredentialsRequest {
  newPassword?: string;
  newPin?: string;
  /**
   * The temporary PIN from the SMS, when only the PIN is temporary (an admin's PIN reset): the
   * user signed in with its own password, which does not prove it holds the phone. Checked like
   * any PIN (wrong tries counted, lockout).
   */
  temporaryPin?: string;
}

/** `POST /api/admin/resetCredentials`, header `pin` (the actor's). */
export interface ResetCredentialsRequest {
  userId: string;
  what: TemporaryCredential;
  reason: string;
}

/** `POST /api/user/changeMobileOtp`: an OTP to the new number. */
export interface ChangeMobileOtpRequest {
  newMobile: string;
}

/** `POST /api/user/changeMobile`, header `pin`: every session ends after it. */
export interface ChangeMobileRequest {
  newMobile: string;
  otp: string;
}

/** `POST /api/auth/signupOtp`. */
export interface SignupOtpRequest {
  mobile: string;
}

/**
 * Added to the sign-in answer (and to the 403 of code 4031 as `temporary`, comma-separated)
 * while the user holds a temporary password or PIN.
 */
export interface MustChangeCredentials {
  mustChangeCredentials: true;
  temporary: TemporaryCredential[];
}

/** Where a temporary credential may go (the API and the console say the same words). */
export const OnboardingMessages = {
  onboarded: 'User created. A temporary password has been sent to their mobile by SMS.',
  mustChange: 'Please set a new password and PIN to continue.',
  credentialsSet: 'Your password and PIN are set. Welcome to Khata!',
  nothingTemporary: 'Your password and PIN are already your own.',
  passwordNeeded: 'Please choose a new password.',
  pinNeeded: 'Please choose a new PIN.',
  temporaryPinNeeded: 'Please enter the temporary PIN sent to your mobile by SMS.',
  notTemporary: (what: TemporaryCredential) =>
    what === 'password'
      ? 'Your password is not temporary: change it from the Control Panel.'
      : 'Your PIN is not temporary: change it from the Control Panel.',
  sameAsTemporaryPassword: 'Please choose a password other than the temporary one.',
  sameAsTemporaryPin: 'Please choose a PIN other than the temporary one.',
  directCredentialsAdminOnly:
    "Only an admin can set a new user's password and PIN. Leave them out: a temporary password is sent by SMS.",
  directCredentialsBoth: 'Give both the password and the PIN, or neither.',
  adminCredentialsTemporary:
    'An admin is always created with a temporary password by SMS: leave out the password and PIN.',
  whatInvalid: 'Choose what to reset: password or pin.',
  reasonShort: 'Please give the reason, in at least 10 characters.',
  reasonLong: 'The reason can be at most 500 characters.',
  resetSent: (what: TemporaryCredential) =>
    what === 'password'
      ? 'A temporary password has been sent to the user by SMS. They must change it at next sign-in.'
      : 'A temporary PIN has been sent to the user by SMS. They must change it at next sign-in.',
  smsUnavailable: 'The SMS could not be sent. Please try again later.',
  otpSent: 'An OTP has been sent to your mobile number.',
  otpRequired: 'Please enter the OTP sent to your mobile.',
  otpFormat: 'The OTP is 6 digits.',
  otpWrong: 'Incorrect OTP. Please check the SMS and try again.',
  otpExpired: 'The OTP has expired or was used. Please request a new one.',
  tooManyOtps: (minutes: number) =>
    `Too many OTPs requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  otpsUnavailable: 'OTPs cannot be sent right now. Please try again in a few minutes.',
  sameMobile: 'This is already your mobile number.',
  mobileOtpSent: 'An OTP has been sent to the new mobile number.',
  mobileChanged: 'Your mobile number is changed. Please login again with the new number.',
} as const;

/** The signup OTP: 6 digits, valid 10 minutes, 3 wrong tries burn it; sends limited. */
export const SignupOtpRules = {
  digits: 6,
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 3,
  perMobile: 3,
  perAddress: 10,
  windowSeconds: 60 * 60,
} as const;

export function checkCredentialToReset(input: unknown): Check<TemporaryCredential> {
  return input === 'password' || input === 'pin'
    ? pass(input)
    : fail(OnboardingMessages.whatInvalid);
}

/** The reason an admin gives for an action on another user: 10 to 500 characters. */
export function checkActionReason(input: unknown): Check<string> {
  const reason = typeof input === 'string' ? input.trim() : '';
  if (reason.length < 10) return fail(OnboardingMessages.reasonShort);
  return reason.length <= 500 ? pass(reason) : fail(OnboardingMessages.reasonLong);
}

export function checkOtp(input: unknown): Check<string> {
  if (typeof input !== 'string' || input === '') return fail(OnboardingMessages.otpRequired);
  return /^\d{6}$/.test(input) ? pass(input) : fail(OnboardingMessages.otpFormat);
}

/** Optional new password: absent is null, otherwise the signup rules. */
export function checkOptionalNewPassword(input: unknown): Check<string | null> {
  return input === undefined || input === null || input === ''
    ? pass(null)
    : checkNewPassword(input);
}

/** Optional new PIN: absent is null, otherwise 4 to 10 digits. */
export function checkOptionalPin(input: unknown): Check<string | null> {
  return input === undefined || input === null || input === '' ? pass(null) : checkPin(input);
}

/**
 * Whether replacing the temporary PIN needs the temporary PIN itself: when the password is the
 * user's own (an admin reset the PIN only and sent it by SMS), signing in proved only the
 * password. A temporary password (onboarding, or a reset of both) was itself read off the SMS,
 * and a new user's PIN is told to nobody, so there it is not asked.
 */
export function asksTemporaryPin(user: {
  passwordTemporary: boolean;
  pinTemporary: boolean;
}): boolean {
  return user.pinTemporary && !user.passwordTemporary;
}

/** Which of a user's credentials are temporary, password first. */
export function temporaryCredentials(user: {
  passwordTemporary: boolean;
  pinTemporary: boolean;
}): TemporaryCredential[] {
  const temporary: TemporaryCredential[] = [];
  if (user.passwordTemporary) temporary.push('password');
  if (user.pinTemporary) temporary.push('pin');
  return temporary;
}

const RETAILERS: readonly RoleKind[] = ['employee1', 'employee2', 'user'];

/**
 * Who may sit directly below whom in the network, which is also who may onboard whom
 * (register-user): an admin any role (other admins included: the first admin needs a way to
 * add a colleague); a super distributor its distributor tiers and retailers; a distributor or
 * co-distributor retailers (`user` and the two employee roles); nobody else anyone.
 */
const BELOW: Readonly<Record<RoleKind, readonly RoleKind[]>> = {
  admin: ROLE_KINDS,
  sdistributor: ['coDistributor', 'distributor', ...RETAILERS],
  coDistributor: RETAILERS,
  distributor: RETAILERS,
  employee1: [],
  employee2: [],
  user: [],
  partner: [],
};

export function canHaveBelow(upline: RoleKind, kind: RoleKind): boolean {
  return BELOW[upline].includes(kind);
}

/** The roles the onboarding form offers an actor, in the order of ROLE_KINDS. */
export function onboardableKinds(actor: RoleKind): RoleKind[] {
  return ROLE_KINDS.filter((kind) => canHaveBelow(actor, kind));
}
