import { Injectable } from '@nestjs/common';
import { kycAllowsPayouts, kycPendingMessage, type RoleKind } from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db } from '../database/unit-of-work.js';
import { KycRepository } from './kyc.repository.js';

/**
 * Payouts (bank transfers) and AEPS (settlement, new AEPS accounts) stay off until the
 * user's KYC is approved (libs/domain `kycAllowsPayouts`). Checked before anything is written
 * or held, so a refusal moves no money.
 */
@Injectable()
export class KycGate {
  constructor(
    private readonly kyc: KycRepository,
    private readonly db: Db,
  ) {}

  async assertMayPayOut(actor: { userId: string; kind: RoleKind }): Promise<void> {
    const state = (await this.kyc.stateOf(this.db, actor.userId)) ?? 'none';
    if (!kycAllowsPayouts(actor.kind, state)) {
      throw new AppError(ErrorKind.Forbidden, kycPendingMessage(state));
    }
  }
}
