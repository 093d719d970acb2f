import { Injectable } from '@nestjs/common';
import {
  adminBalance,
  balanceCall,
  effectiveServices,
  paiseToRupees,
  type AccountDetails,
  type Profile,
  type RoleKind,
} from '@khata/domain';
import { AccountsRepository, type Balances } from '../accounts/accounts.repository.js';
import type { UserEntity } from './user.entity.js';

export type { AccountDetails, Profile } from '@khata/domain';

export function accountDetailsOf(kind: RoleKind, balances: Balances): AccountDetails {
  const lienAmount = paiseToRupees(balances.lien);
  const securityAmount = paiseToRupees(balances.security);
  if (balanceCall(kind) === 'admin') {
    const { mainBalance, profitArea } = adminBalance(balances);
    return { balance: { mainBalance }, profitArea, lienAmount, securityAmount };
  }
  return { balance: paiseToRupees(balances.wallet), lienAmount, securityAmount };
}

@Injectable()
export class Profiles {
  constructor(private readonly accounts: AccountsRepository) {}

  async of(user: UserEntity, kind: RoleKind): Promise<Profile> {
    const balances = await this.accounts.balancesOf(user.id);
    return {
      _id: user.id,
      name: user.name,
      phoneNumber: user.mobile,
      email: user.email,
      role: user.role,
      status: user.status,
      userProfile: user.picture ? `/userProfile/${user.picture}` : null,
      companyDetails: { shopName: user.shopName },
      accountDetails: accountDetailsOf(kind, balances),
      // AEPS settlement accounts arrive with the payouts work.
      aepsAccount: [],
      serviceRates: { payout: (user.serviceRates.payout as Record<string, unknown>) ?? {} },
      services: effectiveServices({
        kind,
        overrides: user.serviceOverrides,
        kycState: user.kycState,
      }),
      language: user.language,
    };
  }
}
