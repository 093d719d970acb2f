import { checkMobile, isUuid, Messages } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { UsersRepository } from '../../users/users.repository.js';

/**
 * The user an assignment or a payout-fee change names: by id, or by mobile as the console's
 * form sends it; "User not found" otherwise.
 */
export async function userNamed(
  users: UsersRepository,
  body: { userId?: unknown; mobile?: unknown },
): Promise<string> {
  if (isUuid(body.userId)) return body.userId;
  if (typeof body.mobile === 'string' && checkMobile(body.mobile).ok) {
    const user = await users.findByMobile(body.mobile);
    if (user) return user.id;
  }
  throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
}
