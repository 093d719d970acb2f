import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  mayReadProduct,
  paiseToRupees,
  type PpiSenderAnswer,
  ppiTierMayTransfer,
  PpiMessages,
} from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { serviceRefusal } from '../../auth/service-refusal.js';
import { Clock } from '../../common/clock.js';
import { Db } from '../../database/unit-of-work.js';
import { toRemitterRecord } from '../../dmt/dmt-records.js';
import { RemitterMonthUsage } from '../../dmt/remitter-month-usage.js';
import { RemittersRepository } from '../../dmt/remitters.repository.js';
import { PpiWallets } from '../ppi-wallets.js';

/** `POST /api/ppi/sender`: the sender by mobile, its wallet asked of the provider now. */
export class LookUpPpiSenderQuery extends Query<PpiSenderAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly mobile: string,
  ) {
    super();
  }
}

/**
 * A PPI sender is DMT's remitter (one per mobile, company-wide). Once registered, the provider
 * is asked about its wallet (tier and monthly limit, kept in `ppi_wallets`), and the answer's
 * month is the PPI month: this sender's PPI transfers of the India month against the
 * provider's limit. Who holds `ppi` reads; admins read any sender.
 */
@QueryHandler(LookUpPpiSenderQuery)
export class LookUpPpiSenderHandler implements IQueryHandler<LookUpPpiSenderQuery> {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly usage: RemitterMonthUsage,
    private readonly wallets: PpiWallets,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async execute({ user, mobile }: LookUpPpiSenderQuery): Promise<PpiSenderAnswer> {
    if (!mayReadProduct('ppi', user.kind, user.services)) {
      throw serviceRefusal(
        user,
        (held) => mayReadProduct('ppi', held.kind, held.services),
        PpiMessages.noPpiService,
      );
    }
    const remitter = await this.remitters.findByMobile(this.db, mobile);
    if (!remitter) return { success: true, registered: false };
    const beneficiaries = await this.remitters.beneficiariesOf(this.db, remitter.id);
    const at = this.clock.now();
    if (remitter.state === 'otpPending') {
      return {
        success: true,
        registered: false,
        remitter: toRemitterRecord(remitter, beneficiaries, 0, at),
      };
    }
    const wallet = await this.wallets.refresh(remitter);
    const used = await this.usage.usedPaise(this.db, remitter.id, at, 'ppi');
    return {
      success: true,
      registered: true,
      remitter: toRemitterRecord(remitter, beneficiaries, used, at, wallet.monthlyLimit),
      wallet: {
        tier: wallet.tier,
        mayTransfer: ppiTierMayTransfer(wallet.tier),
        monthlyLimit: paiseToRupees(wallet.monthlyLimit),
        checkedAt: wallet.checkedAt.toISOString(),
      },
    };
  }
}
