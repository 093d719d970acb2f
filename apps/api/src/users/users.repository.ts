import { Injectable } from '@nestjs/common';
import type { KycState, UserLanguage } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { Db, type Tx } from '../database/unit-of-work.js';
import { SERVICE_OVERRIDES_OF_USERS_ROW } from '../services/service-overrides.repository.js';
import type { UserEntity } from './user.entity.js';

const USER_COLUMNS = `id, mobile, name, email, role, parent_id AS "parentId", shop_name AS "shopName",
  password_hash AS "passwordHash", pin_hash AS "pinHash", status, picture,
  service_rates AS "serviceRates", pin_failures AS "pinFailures", status_reason AS "statusReason",
  pin_locked_until AS "pinLockedUntil", created_at AS "createdAt", updated_at AS "updatedAt",
  ${SERVICE_OVERRIDES_OF_USERS_ROW} AS "serviceOverrides",
  password_temporary AS "passwordTemporary", pin_temporary AS "pinTemporary",
  password_temporary_until AS "passwordTemporaryUntil",
  kyc_state AS "kycState", language`;

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
  passwordTemporary?: boolean;
  /** When a temporary password stops signing in. */
  passwordTemporaryUntil?: Date | null;
  pinTemporary?: boolean;
  /** Omitted: 'none', the user sends KYC itself (issue 12). */
  kycState?: KycState;
}

/** The error of an insert whose mobile number another user already has (users_mobile_key). */
export function isDuplicateMobile(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'users_mobile_key';
}

@Injectable()
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** A fresh id, made before the row so the PIN HMAC can be keyed by it. */
  newId(): string {
    return randomUUID();
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    );
    return rows[0]!.count;
  }

  /** In the caller's transaction when it gives one (a read there costs no commit of its own). */
  async findById(id: string, tx: Tx = this.db): Promise<UserEntity | null> {
    const { rows } = await tx.query<UserEntity>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async findByMobile(mobile: string): Promise<UserEntity | null> {
    const { rows } = await this.db.query<UserEntity>(
      `SELECT ${USER_COLUMNS} FROM users WHERE mobile = $1`,
      [mobile],
    );
    return rows[0] ?? null;
  }

  /** The first admin: the upline of every direct-onboard (self signed-up) account. */
  async findOldestAdmin(): Promise<UserEntity | null> {
    const { rows } = await this.db.query<UserEntity>(
      `SELECT ${USER_COLUMNS} FROM users WHERE role = 'admin' ORDER BY created_at, id LIMIT 1`,
    );
    return rows[0] ?? null;
  }

  /** Every active admin, to be told of a new admin or partner (issue 31 item 4). */
  async activeAdmins(tx: Tx, adminRole: string): Promise<UserEntity[]> {
    const { rows } = await tx.query<UserEntity>(
      `SELECT ${USER_COLUMNS} FROM users WHERE role = $1 AND status = 'active' ORDER BY created_at`,
      [adminRole],
    );
    return rows;
  }

  /** Sets the user's picture and answers the one it replaces (the row is locked meanwhile). */
  async replacePicture(tx: Tx, id: string, picture: string): Promise<string | null> {
    const { rows } = await tx.query<{ picture: string | null }>(
      'SELECT picture FROM users WHERE id = $1 FOR UPDATE',
      [id],
    );
    await tx.query('UPDATE users SET picture = $2, updated_at = now() WHERE id = $1', [
      id,
      picture,
    ]);
    return rows[0]?.picture ?? null;
  }

  /** Issue 30: the console's language on the user's profile. */
  async setLanguage(tx: Tx, id: string, language: UserLanguage): Promise<void> {
    await tx.query('UPDATE users SET language = $2, updated_at = now() WHERE id = $1', [
      id,
      language,
    ]);
  }

  async insert(tx: Tx, user: NewUser): Promise<UserEntity> {
    const { rows } = await tx.query<UserEntity>(
      `INSERT INTO users
         (id, mobile, name, email, role, parent_id, shop_name, password_hash, pin_hash,
          password_temporary, pin_temporary, kyc_state, password_temporary_until)
       VALUES (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${USER_COLUMNS}`,
      [
        user.id ?? null,
        user.mobile,
        user.name,
        user.email ?? null,
        user.role,
        user.parentId ?? null,
        user.shopName ?? null,
        user.passwordHash,
        user.pinHash,
        user.passwordTemporary ?? false,
        user.pinTemporary ?? false,
        user.kycState ?? 'none',
        user.passwordTemporaryUntil ?? null,
      ],
    );
    return rows[0]!;
  }

  /** Holds the seed lock until `tx` ends, so two starting processes seed once. */
  async lockSeed(tx: Tx): Promise<void> {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('khata:seed'))");
  }
}
