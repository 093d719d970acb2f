import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from './user.entity.js';

export interface NewUser {
  id?: string;
  mobile: string;
  name: string;
  email?: string | null;
  role: string;
  parentId?: string | null;
  shopName?: string | null;
  passwordHash: string;
  pinHash: string;
  services?: string[];
}

/** The error of an insert whose mobile number another user already has (users_mobile_key). */
export function isDuplicateMobile(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'users_mobile_key';
}

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A fresh id, made before the row so the PIN HMAC can be keyed by it. */
  newId(): string {
    return randomUUID();
  }

  count(): Promise<number> {
    return this.dataSource.getRepository(UserEntity).count();
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ id });
  }

  findByMobile(mobile: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ mobile });
  }

  /** The first admin: the upline of every direct-onboard (self signed-up) account. */
  findOldestAdmin(): Promise<UserEntity | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .findOne({ where: { role: 'admin' }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Sets the user's picture and answers the one it replaces (the row is locked meanwhile). */
  async replacePicture(
    manager: EntityManager,
    id: string,
    picture: string,
  ): Promise<string | null> {
    const [row] = (await manager.query('SELECT picture FROM users WHERE id = $1 FOR UPDATE', [
      id,
    ])) as { picture: string | null }[];
    await manager.query('UPDATE users SET picture = $2, updated_at = now() WHERE id = $1', [
      id,
      picture,
    ]);
    return row?.picture ?? null;
  }

  async insert(
    user: NewUser,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<UserEntity> {
    const repository = manager.getRepository(UserEntity);
    return repository.save(repository.create({ services: [], ...user }));
  }

  /** Runs `work` in one transaction that holds an advisory lock, so two starting processes seed once. */
  async withSeedLock<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('khata:seed'))");
      return work(manager);
    });
  }
}
