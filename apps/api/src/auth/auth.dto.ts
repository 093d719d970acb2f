import { checkMobile, checkPasswordInput, type LoginRequest } from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

export class LoginDto implements LoginRequest {
  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkPasswordInput)
  password!: string;
}
