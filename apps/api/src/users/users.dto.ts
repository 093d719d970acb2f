import {
  checkMobile,
  checkName,
  checkNewPassword,
  checkOptionalEmail,
  checkOptionalShopName,
  checkPin,
  checkRoleInput,
  pass,
  type Check,
  type FetchUserInfoRequest,
  type NewUserRequest,
  type RegisterUserRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import type { NewUserFields } from './commands/register-user.command.js';

export function checkOptionalMobile(input: unknown): Check<string | null> {
  return input === undefined || input === null || input === '' ? pass(null) : checkMobile(input);
}

/**
 * The value a check made of an input the ValidationPipe has already passed (trimmed name,
 * mobile without spaces, lower-case email), so the command gets what was validated.
 */
export function accepted<T>(check: (input: unknown) => Check<T>, input: unknown): T {
  const result = check(input);
  if (!result.ok) throw new Error(`accepted() on an input its check refuses: ${result.message}`);
  return result.value;
}

/** The fields every new user gives, whoever creates them. */
export class NewUserDto implements NewUserRequest {
  @Satisfies(checkName)
  name!: string;

  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkOptionalEmail)
  email?: string;

  @Satisfies(checkNewPassword)
  password!: string;

  @Satisfies(checkPin)
  pin!: string;

  @Satisfies(checkOptionalShopName)
  shopName?: string;
}

/** POST /api/admin/register-user. */
export class RegisterUserDto extends NewUserDto implements RegisterUserRequest {
  @Satisfies(checkRoleInput)
  role!: string;

  /** Admins only: the upline, when it is not the admin. */
  @Satisfies(checkOptionalMobile)
  parentMobile?: string;
}

/** POST /api/auth/signup: the PIN is required, since every money movement asks for it. */
export class SignupDto extends NewUserDto {}

/** POST /api/user/fetchUserInfo (spec §7). */
export class FetchUserInfoDto implements FetchUserInfoRequest {
  @Satisfies(checkMobile)
  mobile!: string;
}

/** The validated, normalised fields of a new user, as the commands take them. */
export function newUserFields(body: NewUserDto): NewUserFields {
  return {
    name: accepted(checkName, body.name),
    mobile: accepted(checkMobile, body.mobile),
    email: accepted(checkOptionalEmail, body.email),
    password: body.password,
    pin: body.pin,
    shopName: accepted(checkOptionalShopName, body.shopName),
  };
}
