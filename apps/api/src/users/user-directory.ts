import { Inject, Injectable } from '@nestjs/common';
import { ROLE_KINDS, roleKind, roleName, type RoleKind } from '@khata/domain';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

/**
 * Users found by number or id, with the kind their role has in this product (issue 24: the
 * repository and the product key travelled together into every handler that asks "who is
 * this, and what may they be").
 */
@Injectable()
export class UserDirectory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
  ) {}

  findByMobile(mobile: string): Promise<UserEntity | null> {
    return this.users.findByMobile(mobile);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  /** Undefined: a role this product does not have. */
  kindOf(role: string): RoleKind | undefined {
    return roleKind(role, this.config.productKey);
  }

  /** Every role's name in this product, for a refusal that lists them. */
  roleNames(): string[] {
    return ROLE_KINDS.map((each) => roleName(each, this.config.productKey));
  }
}
