import { checkMobile, fail, pass, type Check } from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

const PASSWORD_MAX_LENGTH = 200;

export function checkPasswordInput(value: unknown): Check<string> {
  if (typeof value !== 'string' || value === '') return fail('Please input your password!');
  if (value.length > PASSWORD_MAX_LENGTH) return fail('Password is too long.');
  return pass(value);
}

export class LoginDto {
  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkPasswordInput)
  password!: string;
}
