import { checkMobile, checkPasswordInput } from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

export class LoginDto {
  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkPasswordInput)
  password!: string;
}
