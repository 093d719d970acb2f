import { roleKind } from '@khata/domain';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AccountsRepository } from '../../apps/api/src/accounts/accounts.repository.js';
import { PasswordHasher } from '../../apps/api/src/auth/password-hasher.js';
import { PinHasher } from '../../apps/api/src/auth/pin-hasher.js';
import { UsersRepository } from '../../apps/api/src/users/users.repository.js';
import { call, type TestApi } from './test-api.js';

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
  services?: string[];
  status?: 'active' | 'blocked';
  name?: string;
  password?: string;
  pin?: string;
}

/** A fresh 10-digit mobile number no other test file will pick. */
export function newMobile(): string {
  return `7${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

/**
 * Test data through the app's own repositories and hashers, so a given user is exactly what
 * the API would have made: `given(api).user({ role: 'distributor' })`.
 */
export function given(api: TestApi) {
  return {
    async user(spec: UserSpec = {}): Promise<GivenUser> {
      const users = api.app.get(UsersRepository);
      const role = spec.role ?? 'khataEmployee2';
      const kind = roleKind(role, api.config.productKey);
      if (!kind) throw new Error(`given.user: "${role}" is not a role`);
      const password = spec.password ?? 'Secret@123';
      const pin = spec.pin ?? '1234';
      const id = users.newId();
      const mobile = newMobile();
      const name = spec.name ?? `Test ${role} ${mobile.slice(-4)}`;
      await api.app.get(DataSource).transaction(async (manager) => {
        await users.insert(
          {
            id,
            mobile,
            name,
            role,
            parentId: spec.parent?.id ?? null,
            shopName: `${name} Store`,
            services: spec.services ?? ['wallet', 'payout', 'aepsAccount'],
            passwordHash: await api.app.get(PasswordHasher).hash(password),
            pinHash: api.app.get(PinHasher).hash(id, pin),
          },
          manager,
        );
        if (spec.status)
          await manager.query('UPDATE users SET status = $2 WHERE id = $1', [id, spec.status]);
        await api.app.get(AccountsRepository).openFor(manager, id, kind);
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
