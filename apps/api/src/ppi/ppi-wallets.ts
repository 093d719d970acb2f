import { Injectable } from '@nestjs/common';
import { PpiMessages } from '@khata/domain';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import {
  type PpiWalletProfile,
  PpiProviderUnavailableError,
  PpiWalletProvider,
} from './ppi-wallet-provider.js';
import { type PpiWallet, PpiWalletsRepository } from './ppi-wallets.repository.js';

export type { PpiWallet } from './ppi-wallets.repository.js';

/**
 * The senders' wallets (issue 25): the provider asked again at every look-up and transfer OTP
 * (`refresh`, its answer kept), and read, under the remitter's lock, by the transfer that
 * follows (`find`): the tier and limit that bind are the provider's latest.
 */
@Injectable()
export class PpiWallets {
  constructor(
    private readonly provider: PpiWalletProvider,
    private readonly wallets: PpiWalletsRepository,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Asks the provider and keeps its answer; 503 when it does not answer. */
  async refresh(remitter: { id: string; mobile: string }): Promise<PpiWallet> {
    let profile: PpiWalletProfile;
    try {
      profile = await this.provider.profile(remitter.mobile);
    } catch (error) {
      if (error instanceof PpiProviderUnavailableError) {
        throw new AppError(ErrorKind.Unavailable, PpiMessages.providerUnavailable);
      }
      throw error;
    }
    return this.wallets.save(this.db, remitter.id, profile, this.clock.now());
  }

  find(tx: Tx, remitterId: string): Promise<PpiWallet | undefined> {
    return this.wallets.find(tx, remitterId);
  }
}
