import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  auditMoney,
  checkDepositDate,
  checkFundAmount,
  checkFundMode,
  checkFundModeFits,
  checkFundReference,
  checkFundRemark,
  FUND_PROOF_MAX_BYTES,
  FundRequestMessages,
  indiaDay,
  isDistributor,
  isUuid,
  roleKind,
  type Check,
  type FundRequestRecord,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { UnitOfWork, type Tx } from '../../database/unit-of-work.js';
import { toFundRequestRecord } from '../fund-request-record.js';
import { FundRequestUpdatedEvent } from '../fund-request-updated.event.js';
import { FundRequestsRepository, type CompanyBankAccountRow } from '../fund-requests.repository.js';
import { proofFormatOf } from '../proof-format.js';
import { CreateFundRequestCommand } from './create-fund-request.command.js';

const UNIQUE_VIOLATION = '23505';

function valueOf<T>(check: Check<T>): T {
  if (!check.ok) throw new AppError(ErrorKind.Invalid, check.message);
  return check.value;
}

@CommandHandler(CreateFundRequestCommand)
export class CreateFundRequestHandler implements ICommandHandler<CreateFundRequestCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly requests: FundRequestsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    user,
    fields,
    proof,
    context,
  }: CreateFundRequestCommand): Promise<FundRequestRecord> {
    const amount = valueOf(checkFundAmount(fields.amount));
    const mode = valueOf(checkFundMode(fields.mode));
    valueOf(checkFundModeFits(mode, amount));
    const utr = valueOf(checkFundReference(fields.utr));
    const depositDate = valueOf(checkDepositDate(fields.depositDate, indiaDay(this.clock.now())));
    const remark = valueOf(checkFundRemark(fields.remark));
    if (!proof?.length) throw new AppError(ErrorKind.Invalid, FundRequestMessages.proofRequired);
    if (proof.length > FUND_PROOF_MAX_BYTES) {
      throw new AppError(ErrorKind.Invalid, FundRequestMessages.proofTooLarge);
    }
    const format = proofFormatOf(proof);
    if (!format) throw new AppError(ErrorKind.Invalid, FundRequestMessages.proofNotAccepted);

    const id = randomUUID();
    const saved = await this.uow
      .run(async (tx) => {
        const bank = await this.bankOf(tx, fields.bankAccountId, fields.bankName);
        const approverId = await this.approverOf(tx, user.userId);
        await this.requests.insert(tx, {
          id,
          userId: user.userId,
          approverId,
          amount,
          mode,
          utr,
          bankAccountId: bank.id,
          depositDate,
          remark,
          proof,
          proofType: format.contentType,
          createdAt: this.clock.now(),
        });
        await this.audit.record(tx, {
          action: 'fund-request.create',
          outcome: 'success',
          actorId: user.userId,
          subjectId: user.userId,
          sessionId: user.sessionId,
          context,
          details: {
            id,
            amount: auditMoney(amount),
            mode,
            utr,
            bankAccountId: bank.id,
            depositDate,
            approverId,
          },
        });
        return (await this.requests.find(tx, id))!;
      })
      .catch((error: unknown) => {
        // The partial unique index (bank account, UTR) among requests not rejected.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
          throw new AppError(ErrorKind.Conflict, FundRequestMessages.utrUsed);
        }
        throw error;
      });
    this.events.publish(
      new FundRequestUpdatedEvent(
        id,
        [user.userId, ...(saved.approverId ? [saved.approverId] : [])],
        saved.approverId === null,
        'pending',
        null,
      ),
    );
    return toFundRequestRecord(saved);
  }

  /** The company account it was paid into: by id, or (API.md's `bankName`) by a unique name. */
  private async bankOf(tx: Tx, id: unknown, name: unknown): Promise<CompanyBankAccountRow> {
    if (typeof id === 'string' && id) {
      const bank = isUuid(id) ? await this.requests.bankAccount(tx, id) : undefined;
      if (!bank?.active) throw new AppError(ErrorKind.Invalid, FundRequestMessages.bankNotFound);
      return bank;
    }
    if (typeof name !== 'string' || !name.trim()) {
      throw new AppError(ErrorKind.Invalid, FundRequestMessages.bankRequired);
    }
    const banks = await this.requests.activeBanksNamed(tx, name.trim());
    if (banks.length > 1) throw new AppError(ErrorKind.Invalid, FundRequestMessages.bankAmbiguous);
    if (!banks[0]) throw new AppError(ErrorKind.Invalid, FundRequestMessages.bankNotFound);
    return banks[0];
  }

  /**
   * Who approves (docs/decisions.md, "Issue 13: fund requests"): the requester's direct
   * upline when that is an active distributor tier and the requester is not one itself;
   * otherwise an admin (null), paying from the company's funding account.
   */
  private async approverOf(tx: Tx, userId: string): Promise<string | null> {
    const found = await this.requests.requesterAndParent(tx, userId);
    if (!found) return null;
    const key = this.config.productKey;
    const kind = roleKind(found.role, key);
    const parentKind = found.parentRole ? roleKind(found.parentRole, key) : undefined;
    if (kind && isDistributor(kind)) return null;
    if (
      found.parentId &&
      parentKind &&
      isDistributor(parentKind) &&
      found.parentStatus === 'active'
    ) {
      return found.parentId;
    }
    return null;
  }
}
