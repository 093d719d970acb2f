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
