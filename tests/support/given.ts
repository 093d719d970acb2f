import { roleKind, serviceDefaults } from '@khata/domain';
import { randomInt } from 'node:crypto';
import { UnitOfWork } from '../../apps/api/src/database/unit-of-work.js';
import { UserCreator } from '../../apps/api/src/users/user-creator.js';
import { call, type TestApi, type TestContext } from './test-api.js';

export interface GivenUser {
  id: string;
  mobile: string;
  name: string;
  role: string;
  password: string;
  pin: string;
}

export interface UserSpec {
  role?: string;
  parent?: GivenUser;
  /** Exactly these services; by default the role's own plus wallet, payout and aepsAccount. */
  services?: string[];
  status?: 'active' | 'blocked';
  /**
   * The user's KYC state; 'approved' unless said otherwise, so a given user pays out as users
   * did before KYC existed (issue 12). 'none' is a new signup that has sent nothing yet.
   */
  kyc?: 'none' | 'approved';
  name?: string;
  password?: string;
  pin?: string;
}

/** A fresh 10-digit mobile number no other test file will pick. */
export function newMobile(): string {
  return `7${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

/**
 * Test data through the app's own UserCreator, so a given user is exactly what the API would
 * have made: `given(api).user({ role: 'distributor' })`.
 */
export function given(api: TestContext) {
  return {
    async user(spec: UserSpec = {}): Promise<GivenUser> {
      const role = spec.role ?? 'khataEmployee2';
      const kind = roleKind(role, api.config.productKey);
      if (!kind) throw new Error(`given.user: "${role}" is not a role`);
      const password = spec.password ?? 'Secret@123';
      const pin = spec.pin ?? '1234';
      const mobile = newMobile();
      const name = spec.name ?? `Test ${role} ${mobile.slice(-4)}`;
      const { id } = await api.app.get(UnitOfWork).run(async (tx) => {
        const created = await api.app.get(UserCreator).create(tx, {
          mobile,
          name,
          role,
          parentId: spec.parent?.id ?? null,
          shopName: `${name} Store`,
          services: spec.services ?? [
            ...new Set([...serviceDefaults(kind), 'wallet', 'payout', 'aepsAccount']),
          ],
          password,
          pin,
        });
        if ((spec.kyc ?? 'approved') === 'approved') {
          await tx.query(`UPDATE users SET kyc_state = 'approved' WHERE id = $1`, [created.id]);
        }
        if (spec.status) {
          await tx.query('UPDATE users SET status = $2 WHERE id = $1', [created.id, spec.status]);
        }
        return created;
      });
      return { id, mobile, name, role, password, pin };
    },
  };
}

/** Signs in through the API, the way the console does; answers the bearer token. */
export async function signIn(
  api: TestApi,
  user: GivenUser,
  path = '/api/auth/login',
): Promise<string> {
  const answer = await call<{ token?: string; message?: string }>(`${api.url}${path}`, {
    body: { mobile: user.mobile, password: user.password },
  });
  if (answer.status !== 200 || !answer.body.token) {
    throw new Error(`sign-in of ${user.mobile} failed: ${answer.status} ${answer.body.message}`);
  }
  return answer.body.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
