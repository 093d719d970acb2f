import {
  checkActionReason,
  checkCredentialToReset,
  checkMobile,
  checkName,
  checkNewPassword,
  checkOptionalEmail,
  checkOptionalNewPassword,
  checkOptionalPin,
  checkOptionalShopName,
  checkOtp,
  checkPin,
  checkRoleInput,
  fail,
  Messages,
  OnboardingMessages,
  pass,
  type Check,
  type OnboardUserRequest,
  type ChangeMobileOtpRequest,
  type ChangeMobileRequest,
  type ResetCredentialsRequest,
  type SetCredentialsRequest,
  type SignupOtpRequest,
  type SignupRequest,
  type TemporaryCredential,
} from '@khata/domain';
import { Allow } from 'class-validator';
import { AppError, ErrorKind } from '../common/errors.js';
import { Satisfies } from '../common/http/satisfies.js';
import { accepted, checkOptionalMobile } from '../users/users.dto.js';
import type { DirectCredentials, NewUserFields } from './commands/onboard-user.command.js';

/** The fields of a new user's account, whoever makes it. */
class NewUserFieldsDto {
  @Satisfies(checkName)
  name!: string;

  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkOptionalEmail)
  email?: string;

  @Satisfies(checkOptionalShopName)
  shopName?: string;
}

/**
 * POST /api/admin/register-user. `password` and `pin` are the admin's scripted path (both or
 * neither); without them the password is temporary and goes out by SMS.
 */
export class OnboardUserDto extends NewUserFieldsDto implements OnboardUserRequest {
  @Satisfies(checkRoleInput)
  role!: string;

  /** Admins only: the upline, when it is not the admin. */
  @Satisfies(checkOptionalMobile)
  parentMobile?: string;

  @Satisfies(checkOptionalNewPassword)
  password?: string;

  @Satisfies(checkOptionalPin)
  pin?: string;
}

/** POST /api/auth/signup: the person sets its own password and PIN, and proves its mobile. */
export class SignupDto extends NewUserFieldsDto implements SignupRequest {
  @Satisfies(checkNewPassword)
  password!: string;

  @Satisfies(checkPin)
  pin!: string;

  @Satisfies(checkOtp)
  otp!: string;
}

/** POST /api/auth/signupOtp. */
export class SignupOtpDto implements SignupOtpRequest {
  @Satisfies(checkMobile)
  mobile!: string;
}

/** POST /api/user/changeMobileOtp. */
export class ChangeMobileOtpDto implements ChangeMobileOtpRequest {
  @Satisfies(checkMobile)
  newMobile!: string;
}

/** POST /api/user/changeMobile, header `pin`. */
export class ChangeMobileDto implements ChangeMobileRequest {
  @Satisfies(checkMobile)
  newMobile!: string;

  @Satisfies(checkOtp)
  otp!: string;
}

/** POST /api/auth/setCredentials. */
export class SetCredentialsDto implements SetCredentialsRequest {
  @Satisfies(checkOptionalNewPassword)
  newPassword?: string;

  @Satisfies(checkOptionalPin)
  newPin?: string;

  /** Taken as sent: the PIN check (PinVerifier) refuses a malformed one and counts a wrong one. */
  @Allow()
  temporaryPin?: string;
}

function checkUserId(input: unknown): Check<string> {
  return typeof input === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input)
    ? pass(input.toLowerCase())
    : fail(Messages.userNotFound);
}

/** POST /api/admin/resetCredentials, header `pin`. */
export class ResetCredentialsDto implements ResetCredentialsRequest {
  @Satisfies(checkUserId)
  userId!: string;

  @Satisfies(checkCredentialToReset)
  what!: TemporaryCredential;

  @Satisfies(checkActionReason)
  reason!: string;
}

/** The validated, normalised fields of a new user, as the commands take them. */
export function newUserFields(body: NewUserFieldsDto): NewUserFields {
  return {
    name: accepted(checkName, body.name),
    mobile: accepted(checkMobile, body.mobile),
    email: accepted(checkOptionalEmail, body.email),
    shopName: accepted(checkOptionalShopName, body.shopName),
  };
}

/** An admin's directly set password and PIN: both or neither. */
export function directCredentials(body: OnboardUserDto): DirectCredentials | null {
  const password = accepted(checkOptionalNewPassword, body.password);
  const pin = accepted(checkOptionalPin, body.pin);
  if (password === null && pin === null) return null;
  if (password === null || pin === null) {
    throw new AppError(ErrorKind.Invalid, OnboardingMessages.directCredentialsBoth);
  }
  return { password, pin };
}
