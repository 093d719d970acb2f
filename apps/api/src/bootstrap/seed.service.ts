import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { roleKind } from '@khata/domain';
import { creditParty, Ledger, ledgerStream, openedRecord } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { type Tx, UnitOfWork } from '../database/unit-of-work.js';
import { UserCreator, type UserToCreate } from '../users/user-creator.js';
import { UsersRepository } from '../users/users.repository.js';
import { DEMO_PASSWORD, DEMO_PIN, demoUsers } from './demo-users.js';

export class StartupError extends Error {
  override readonly name = 'StartupError';
}

export interface Credentials {
  mobile: string;
  role: string;
  name: string;
  /** Present only when start-up made it up: it is shown once and never stored in clear. */
  password?: string;
  pin?: string;
}

export interface SeedReport {
  seeded: boolean;
  firstAdmin?: Credentials;
  demo: Credentials[];
}

/**
 * On an empty database: the first admin (API.md, "First admin") and, outside production,
 * a small demo network below it. Never touches a database that already has users.
 */
@Injectable()
export class SeedService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly creator: UserCreator,
    private readonly uow: UnitOfWork,
    private readonly atRest: DataAtRest,
  ) {}

  seedIfEmpty(): Promise<SeedReport> {
    return this.uow.run(async (tx) => {
      await this.users.lockSeed(tx);
      const { rows } = await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM users',
      );
      if (rows[0]!.count > 0) return { seeded: false, demo: [] };

      const firstAdmin = await this.createFirstAdmin(tx);
      const demo = this.config.seedDemo ? await this.createDemoNetwork(tx, firstAdmin.id) : [];
      return { seeded: true, firstAdmin: firstAdmin.credentials, demo };
    });
  }

  private async createFirstAdmin(tx: Tx) {
    const configured = this.config.firstAdmin;
    if (!configured && this.config.env === 'production') {
      throw new StartupError(
        'The database has no users and NODE_ENV=production: set ADMIN_MOBILE, ADMIN_PASSWORD and ADMIN_PIN to create the first admin.',
      );
    }
    const mobile = configured?.mobile ?? `9${randomDigits(9)}`;
    const password = configured?.password.reveal() ?? randomPassword();
    const pin = configured?.pin.reveal() ?? randomDigits(4);
    const admin = await this.createUser(tx, {
      mobile,
      name: 'Khata Admin',
      role: 'admin',
      password,
      pin,
      parentId: null,
      shopName: 'Khata Payments Pvt. Ltd.',
    });
    const credentials: Credentials = { mobile, role: 'admin', name: admin.name };
    if (!configured) Object.assign(credentials, { password, pin });
    return { id: admin.id, credentials };
  }

  private async createDemoNetwork(tx: Tx, adminId: string): Promise<Credentials[]> {
    const idsByKey = new Map<string, string>([['admin', adminId]]);
    const created: Credentials[] = [];
    // Inside the seed transaction, so the new accounts are visible to the ledger's call.
    const ledger = new Ledger(tx);
    const funding = await ledger.systemAccount('system:funding');
    for (const { key, parentKey, openingBalance, pan, ...demo } of demoUsers(
      this.config.productKey,
    )) {
      const user = await this.createUser(tx, {
        ...demo,
        password: DEMO_PASSWORD,
        pin: DEMO_PIN,
        parentId: idsByKey.get(parentKey) ?? null,
      });
      idsByKey.set(key, user.id);
      // The demo shops trade from the first minute, like the users that predate KYC (issue 12),
      // with a PAN on file (issue 23), sealed (issue 31); no KYC was checked, and the screens
      // say so.
      await tx.query(`UPDATE users SET kyc_state = 'approved', pan_sealed = $2 WHERE id = $1`, [
        user.id,
        this.atRest.seal(pan),
      ]);
      const wallet = await ledger.userAccount(user.id, 'wallet');
      // The read model takes it from the log (the catch-up job) once the seed commits.
      await ledger.append({
        type: 'wallet.credited',
        stream: ledgerStream('credit', randomUUID()),
        legs: [
          { accountId: funding, amount: -openingBalance },
          { accountId: wallet, amount: openingBalance },
        ],
        data: {
          record: openedRecord({
            type: 'walletCredit',
            status: 'success',
            parties: [creditParty({ userId: user.id, accountId: wallet, amount: openingBalance })],
            details: { beneficiaryName: user.name, remark: 'demo opening balance' },
          }),
        },
        metadata: { source: 'demo seed' },
      });
      created.push({
        mobile: user.mobile,
        role: user.role,
        name: user.name,
        password: DEMO_PASSWORD,
        pin: DEMO_PIN,
      });
    }
    // A company bank account the demo shops can say they paid into (issue 13, fund requests).
    const account = this.atRest.sealAccount('50200012345678');
    await tx.query(
      `INSERT INTO company_bank_accounts
         (id, bank_name, account_name, account_sealed, account_hash, ifsc, created_by)
       VALUES ($1, 'HDFC Bank', 'Khata Payments Pvt Ltd', $2, $3, 'HDFC0000123', $4)`,
      [randomUUID(), account.sealed, account.hash, adminId],
    );
    return created;
  }

  private async createUser(tx: Tx, user: Omit<UserToCreate, 'email'>) {
    if (!roleKind(user.role, this.config.productKey)) {
      throw new StartupError(`"${user.role}" is not a role of this product.`);
    }
    return this.creator.create(tx, user);
  }
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
