import { Injectable } from '@nestjs/common';
import { customerOtpBinding } from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { Clock } from '../common/clock.js';
import type { AppError } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { Db, type Tx, UnitOfWork } from '../database/unit-of-work.js';
import { beneficiaryOfRemitter } from './beneficiary-of-remitter.js';
import { CustomerOtps } from './customer-otps.js';
import { beneficiaryAuditEntry } from './dmt-audit.js';
import { assertMayActInDmt } from './dmt-access.js';
import { type BeneficiaryRow, RemittersRepository } from './remitters.repository.js';

/** What the remitter's OTP confirms: adding a beneficiary, or deleting one. */
export interface BeneficiaryChange {
  purpose: 'addBeneficiary' | 'deleteBeneficiary';
  action: 'dmt.beneficiary-add' | 'dmt.beneficiary-delete';
  /** Refused before the OTP is tried (adding: the beneficiary must be waiting for it). */
  refuse?: (beneficiary: BeneficiaryRow) => AppError | undefined;
  /** The change, once (compare-and-set); false when another request made it first. */
  apply: (remitters: RemittersRepository, tx: Tx, id: string, at: Date) => Promise<boolean>;
  /** The answer when `apply` found the change made already. */
  lost: () => AppError;
}

export interface BeneficiaryConfirmation {
  user: AuthUser;
  remitterMobile: string;
  beneficiaryId: string;
  otp: string;
  context: RequestContext;
}

/**
 * The remitter's OTP bound to one beneficiary and one change (a try taken first), then, in one
 * transaction, the code used, the change made once and the act audited. Adding and deleting a
 * beneficiary differ only in their `BeneficiaryChange`.
 */
@Injectable()
export class BeneficiaryConfirmations {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly otps: CustomerOtps,
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async confirm(
    change: BeneficiaryChange,
    { user, remitterMobile, beneficiaryId, otp, context }: BeneficiaryConfirmation,
  ): Promise<BeneficiaryRow> {
    assertMayActInDmt(user);
    const { remitter, beneficiary } = await beneficiaryOfRemitter(
      this.remitters,
      this.db,
      remitterMobile,
      beneficiaryId,
    );
    const refused = change.refuse?.(beneficiary);
    if (refused) throw refused;
    const proven = await this.otps.check(
      change.purpose,
      remitter.id,
      customerOtpBinding[change.purpose](beneficiary.id),
      otp,
    );
    return this.uow.run(async (tx) => {
      await this.otps.use(tx, proven);
      if (!(await change.apply(this.remitters, tx, beneficiary.id, this.clock.now()))) {
        throw change.lost();
      }
      const done = (await this.remitters.findBeneficiary(tx, beneficiary.id))!;
      await this.audit.record(
        tx,
        beneficiaryAuditEntry(change.action, user, remitter, done, context),
      );
      return done;
    });
  }
}
