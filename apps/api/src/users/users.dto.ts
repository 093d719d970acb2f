import {
  checkMobile,
  checkUserLanguage,
  pass,
  type Check,
  type FetchUserInfoRequest,
  type SetLanguageRequest,
  type UserLanguage,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

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

/** POST /api/user/fetchUserInfo (spec §7). */
export class FetchUserInfoDto implements FetchUserInfoRequest {
  @Satisfies(checkMobile)
  mobile!: string;
}

/** POST /api/user/language (issue 30). */
export class SetLanguageDto implements SetLanguageRequest {
  @Satisfies(checkUserLanguage)
  language!: UserLanguage;
}
