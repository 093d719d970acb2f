import {
  checkMobile,
  fail,
  pass,
  type Check,
  type LinkLoginRequest,
  type LoginLinkRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

/** A token that is there but wrong is judged by the handler (401), not here (400). */
export function checkLinkTokenInput(value: unknown): Check<string> {
  if (typeof value !== 'string' || value === '') return fail('The sign-in link has no token.');
  return pass(value);
}

export class CreateLoginLinkDto implements LoginLinkRequest {
  @Satisfies(checkMobile)
  mobile!: string;
}

export class LinkLoginDto implements LinkLoginRequest {
  @Satisfies(checkLinkTokenInput)
  token!: string;
}
