import { Inject, Injectable } from '@nestjs/common';
import {
  AEPS_BANKS,
  AEPS_MONEY_KINDS,
  type AepsKind,
  AepsMessages,
  blank,
  checkAadhaar,
  checkAepsTransaction,
  indiaDay,
  isAepsKind,
  isDistributor,
  isUuid,
  networkScope,
  paiseToRupees,
  wholeNumberIn,
} from '@khata/domain';
import { createHash, randomUUID } from 'node:crypto';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import { serviceRefusal } from '../auth/service-refusal.js';
import { Clock } from '../common/clock.js';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { CommissionsRepository } from '../commissions/commissions.repository.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { AepsProcessor } from './aeps-processor.js';
import { AepsProvider, type AgentAnswer } from './aeps-provider.js';
import type { AepsStatus, AepsTransaction, AepsTransactionListRow } from './aeps-transaction.js';
import { AepsTransactionsRepository } from './aeps-transactions.repository.js';
import { PidVault } from './pid-vault.js';
import { ListMessages } from '../common/list-messages.js';
import { AepsCounterMessages } from './aeps-counter-messages.js';

const AEPS_SERVICE = 'aeps';
/** A PID block is a few kilobytes of XML; anything far larger is not one. */
const PID_MAX_LENGTH = 100_000;
const STATUSES: readonly AepsStatus[] = ['queued', 'processing', 'processed', 'failed'];

export interface AepsCounterStatus {
  registered: boolean;
  dailyAuthToday: boolean;
  day: string;
  aepsBalance: number;
  limits: { minimum: number; perTransaction: number; withdrawalsPerCustomerPerDay: number };
  banks: typeof AEPS_BANKS;
  aadhaarPayFeePercent: number;
}

/**
 * AEPS at the counter (issue 26): the shop's registration and daily authentication with the
 * provider, and each customer's transaction. A transaction is checked, then written in ONE
 * database transaction (the PID block's digest taken, so a replayed capture is refused; for a
 * withdrawal the customer's day counted under a lock on (shop, customer, day); the row), then
 * sent once through the rail processor while the shop waits. The Aadhaar number and the PID
 * block stay in memory (PidVault) for that one send: the row keeps the last four digits and a
 * keyed token.
 */
@Injectable()
export class AepsCounter {
  constructor(
    private readonly transactions: AepsTransactionsRepository,
    private readonly processor: AepsProcessor,
    private readonly provider: AepsProvider,
    private readonly vault: PidVault,
    private readonly commissions: CommissionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly atRest: DataAtRest,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async status(user: AuthUser): Promise<AepsCounterStatus> {
    assertMayServe(user);
    const day = indiaDay(this.clock.now());
    const [agent, auth, balances] = await Promise.all([
      this.transactions.agentReference(user.userId),
      this.transactions.dailyAuthReference(user.userId, day),
      this.accounts.balancesOf(user.userId),
    ]);
    const { limits, aadhaarPayFeeBp } = this.config.aeps;
    return {
      registered: agent !== undefined,
      dailyAuthToday: auth !== undefined,
      day,
      aepsBalance: paiseToRupees(balances.aeps),
      limits: {
        minimum: paiseToRupees(limits.minimum),
        perTransaction: paiseToRupees(limits.perTransaction),
        withdrawalsPerCustomerPerDay: limits.withdrawalsPerCustomerPerDay,
      },
      banks: AEPS_BANKS,
      aadhaarPayFeePercent: aadhaarPayFeeBp / 100,
    };
  }

  /** The shop owner's e-KYC with the provider, once. */
  async register(user: AuthUser, body: { aadhaar?: unknown; pid?: unknown }): Promise<void> {
    assertMayServe(user);
    const aadhaar = checkAadhaar(body.aadhaar);
    if (!aadhaar.ok) throw new AppError(ErrorKind.Invalid, aadhaar.message);
    const pid = checkPid(body.pid, AepsMessages.agentPidRequired);
    if (await this.transactions.agentReference(user.userId)) {
      throw new AppError(ErrorKind.Conflict, AepsMessages.alreadyRegistered);
    }
    await this.takePid(pid);
    const answer = await this.agentCall(() =>
      this.provider.registerAgent({ shopId: user.userId, aadhaar: aadhaar.value, pid }),
    );
    await this.transactions.registerAgent(user.userId, answer.reference, this.clock.now());
  }

  /** The provider's 2FA with the owner's fingerprint, once per India day. */
  async dailyAuth(user: AuthUser, body: { pid?: unknown }): Promise<void> {
    assertMayServe(user);
    const pid = checkPid(body.pid, AepsMessages.agentPidRequired);
    if (!(await this.transactions.agentReference(user.userId))) {
      throw new AppError(ErrorKind.Refused, AepsMessages.agentNotRegistered);
    }
    const now = this.clock.now();
    const day = indiaDay(now);
    if (await this.transactions.dailyAuthReference(user.userId, day)) return;
    await this.takePid(pid);
    const answer = await this.agentCall(() =>
      this.provider.dailyAuth({ shopId: user.userId, day, pid }),
    );
    await this.transactions.recordDailyAuth(user.userId, day, answer.reference, now);
  }

  /**
   * One customer's transaction, sent while the shop waits. Answers it as it stands after the
   * send: processed or failed when the bank answered, processing when it did not (yet).
   */
  async transact(
    user: AuthUser,
    body: Record<string, unknown>,
    idempotencyKey: string,
    context: RequestContext,
  ): Promise<{ txn: AepsTransaction; replayed: boolean }> {
    assertMayServe(user);
    const { limits, aadhaarPayFeeBp } = this.config.aeps;
    const checked = checkAepsTransaction(body, limits);
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
    const form = checked.value;
    const pid = checkPid(body['pid'], AepsMessages.pidRequired);
    const customerToken = this.atRest.aadhaarToken(form.aadhaar);
    const requestHash = this.atRest.requestHash(
      JSON.stringify(['aeps', form.kind, customerToken, form.bankIin, form.mobile, form.amount]),
    );
    const earlier = await this.transactions.findByKey(user.userId, idempotencyKey);
    if (earlier) return replay(earlier, requestHash);
    if (!(await this.transactions.agentReference(user.userId))) {
      throw new AppError(ErrorKind.Refused, AepsMessages.agentNotRegistered);
    }
    const now = this.clock.now();
    const day = indiaDay(now);
    const money = AEPS_MONEY_KINDS.includes(form.kind);
    const agentAuthReference = money
      ? await this.transactions.dailyAuthReference(user.userId, day)
      : undefined;
    if (money && !agentAuthReference) {
      throw new AppError(ErrorKind.Refused, AepsMessages.dailyAuthNeeded);
    }
    const quote =
      form.kind === 'withdrawal'
        ? await this.commissions.quote(user, 'aeps', form.amount)
        : undefined;
    const txn: AepsTransaction = {
      id: randomUUID(),
      userId: user.userId,
      kind: form.kind,
      businessDay: day,
      customerToken,
      aadhaarLast4: form.aadhaar.slice(-4),
      bankIin: form.bankIin,
      mobile: form.mobile,
      amount: form.amount,
      status: 'queued',
      rrn: null,
      message: null,
      customerBalance: null,
      statement: null,
      bankDebited: false,
      agentAuthReference: agentAuthReference ?? null,
      commission: quote ? { total: quote.fee, quote: quote.commission } : null,
      commissionSplit: null,
      merchantFee:
        form.kind === 'aadhaarPay' ? Math.round((form.amount * aadhaarPayFeeBp) / 10_000) : 0,
      idempotencyKey,
      requestHash,
      sendStartedAt: null,
      sends: 0,
      processingRecorded: false,
      statusChecks: 0,
      lastCheckedAt: null,
      nextCheckAt: new Date(now.getTime() + this.config.aeps.staleAfterMs),
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    const written = await this.uow.run(async (tx) => {
      // Twins under one key wait here; the second finds the first's row and replays it.
      const twin = await this.transactions.lockKey(tx, user.userId, idempotencyKey);
      if (twin) return { twin };
      if (!(await this.transactions.takePid(tx, pidDigest(pid), now))) {
        throw new AppError(ErrorKind.Conflict, AepsMessages.pidReplayed);
      }
      if (form.kind === 'withdrawal') {
        const today = await this.transactions.lockAndCountWithdrawals(
          tx,
          user.userId,
          customerToken,
          day,
        );
        if (today >= limits.withdrawalsPerCustomerPerDay) {
          throw new AppError(ErrorKind.Refused, AepsMessages.customerDayLimit(limits));
        }
      }
      await this.transactions.insert(tx, txn);
      return { twin: undefined };
    });
    if (written.twin) return replay(written.twin, requestHash);
    this.vault.put(txn.id, { aadhaar: form.aadhaar, pid });
    try {
      await this.processor.advance(txn.id, {
        by: 'counter',
        userId: user.userId,
        requestId: context.requestId ?? null,
      });
    } finally {
      this.vault.drop(txn.id);
    }
    return { txn: (await this.transactions.find(txn.id)) ?? txn, replayed: false };
  }

  async list(
    viewer: AuthUser,
    filter: { kind?: unknown; status?: unknown; page?: unknown; pageSize?: unknown },
  ): Promise<{ rows: AepsTransactionListRow[]; total: number; page: number; pageSize: number }> {
    assertMayRead(viewer);
    let kind: AepsKind | null = null;
    if (!blank(filter.kind)) {
      if (!isAepsKind(filter.kind)) throw new AppError(ErrorKind.Invalid, AepsMessages.kindInvalid);
      kind = filter.kind;
    }
    let status: AepsStatus | null = null;
    if (!blank(filter.status)) {
      const wanted = STATUSES.find((one) => one === filter.status);
      if (!wanted) {
        throw new AppError(ErrorKind.Invalid, AepsCounterMessages.statusInvalid);
      }
      status = wanted;
    }
    const page = wholeNumberIn(filter.page, 100_000, 1);
    const pageSize = wholeNumberIn(filter.pageSize, 100, 20);
    if (page === null || pageSize === null) {
      throw new AppError(ErrorKind.Invalid, ListMessages.pageNotWhole);
    }
    const { rows, total } = await this.transactions.list({
      scope: networkScope(viewer),
      kind,
      status,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { rows, total, page, pageSize };
  }

  /** One transaction in the viewer's scope; 404 outside it, as if it did not exist. */
  async get(viewer: AuthUser, id: string): Promise<AepsTransactionListRow> {
    assertMayRead(viewer);
    if (!isUuid(id)) throw new AppError(ErrorKind.Invalid, AepsMessages.transactionIdInvalid);
    const txn = await this.transactions.findWithShop(id);
    if (!txn || !(await this.inScope(viewer, txn.userId))) {
      throw new AppError(ErrorKind.NotFound, AepsMessages.transactionNotFound);
    }
    return txn;
  }

  /** An admin asks the provider now (status enquiry; never a second send). */
  async check(admin: AuthUser, id: string): Promise<AepsTransactionListRow> {
    if (!isUuid(id)) throw new AppError(ErrorKind.Invalid, AepsMessages.transactionIdInvalid);
    const txn = await this.transactions.find(id);
    if (!txn) throw new AppError(ErrorKind.NotFound, AepsMessages.transactionNotFound);
    await this.processor.advance(id, {
      by: 'admin',
      adminId: admin.userId,
      requestId: null,
    });
    return (await this.transactions.findWithShop(id))!;
  }

  private inScope(viewer: AuthUser, shopId: string): Promise<boolean> {
    return this.transactions.shopInScope(networkScope(viewer), shopId);
  }

  private async takePid(pid: string): Promise<void> {
    const taken = await this.uow.run((tx) =>
      this.transactions.takePid(tx, pidDigest(pid), this.clock.now()),
    );
    if (!taken) throw new AppError(ErrorKind.Conflict, AepsMessages.pidReplayed);
  }

  /** The provider's answer to an agent call: refused is 422 with its reason, silence is 503. */
  private async agentCall(call: () => Promise<AgentAnswer>): Promise<{ reference: string }> {
    let answer: AgentAnswer;
    try {
      answer = await call();
    } catch {
      throw new AppError(ErrorKind.Unavailable, AepsCounterMessages.providerSilent);
    }
    if (!answer.ok) throw new AppError(ErrorKind.Refused, answer.reason);
    return { reference: answer.reference };
  }
}

/** The PID block as the RD service gives it: PidData XML with data; nothing is parsed further. */
function checkPid(value: unknown, missing: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new AppError(ErrorKind.Invalid, missing);
  if (value.length > PID_MAX_LENGTH || !/<PidData[\s>]/.test(value) || !/<Data[\s>]/.test(value)) {
    throw new AppError(ErrorKind.Invalid, AepsMessages.pidInvalid);
  }
  return value;
}

function pidDigest(pid: string): string {
  return createHash('sha256').update(pid).digest('hex');
}

function replay(earlier: AepsTransaction, hash: string): { txn: AepsTransaction; replayed: true } {
  if (earlier.requestHash !== hash) throw new AppError(ErrorKind.Conflict, AepsMessages.keyReused);
  return { txn: earlier, replayed: true };
}

/** Who serves customers: whoever holds the `aeps` service (a retailer by default). */
function assertMayServe(user: AuthUser): void {
  if (user.services.includes(AEPS_SERVICE)) return;
  if (user.kind === 'admin') {
    throw new AppError(ErrorKind.Forbidden, AepsCounterMessages.adminsRead);
  }
  throw serviceRefusal(
    user,
    (held) => held.services.includes(AEPS_SERVICE),
    'AEPS is not enabled for your account. Ask your distributor or Khata support.',
  );
}

/** Who reads transactions: the shop (its own), the distributor tiers (their network), admins. */
function assertMayRead(user: AuthUser): void {
  if (user.kind === 'admin' || isDistributor(user.kind)) return;
  assertMayServe(user);
}
