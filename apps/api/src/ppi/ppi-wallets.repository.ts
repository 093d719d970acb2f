import { Injectable } from '@nestjs/common';
import type { PpiKycTier } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';
import type { PpiWalletProfile } from './ppi-wallet-provider.js';

/** A sender's wallet as Khata last heard it from the provider. */
export interface PpiWallet {
  remitterId: string;
  tier: PpiKycTier;
  monthlyLimit: number;
  reference: string;
  checkedAt: Date;
}

const WALLET = `remitter_id AS "remitterId", kyc_tier AS tier,
  monthly_limit_paise::int8 AS "monthlyLimit", provider_reference AS reference,
  checked_at AS "checkedAt"`;

/** `ppi_wallets` (issue 25): one row per sender, the provider's latest answer. */
@Injectable()
export class PpiWalletsRepository {
  async save(
    tx: Tx,
    remitterId: string,
    profile: PpiWalletProfile,
    checkedAt: Date,
  ): Promise<PpiWallet> {
    const { rows } = await tx.query<PpiWallet>(
      `INSERT INTO ppi_wallets (remitter_id, kyc_tier, monthly_limit_paise, provider_reference,
                                checked_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (remitter_id) DO UPDATE
         SET kyc_tier = excluded.kyc_tier, monthly_limit_paise = excluded.monthly_limit_paise,
             provider_reference = excluded.provider_reference, checked_at = excluded.checked_at
       RETURNING ${WALLET}`,
      [remitterId, profile.tier, profile.monthlyLimit, profile.reference, checkedAt],
    );
    return rows[0]!;
  }

  async find(tx: Tx, remitterId: string): Promise<PpiWallet | undefined> {
    const { rows } = await tx.query<PpiWallet>(
      `SELECT ${WALLET} FROM ppi_wallets WHERE remitter_id = $1`,
      [remitterId],
    );
    return rows[0];
  }
}
