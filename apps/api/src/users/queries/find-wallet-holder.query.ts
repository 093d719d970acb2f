import { Query } from '@nestjs/cqrs';

export interface WalletHolder {
  name: string;
}

/**
 * The wallet-transfer lookup (spec §7 /user/fetchUserInfo): whose wallet does this mobile
 * number reach? Only the name comes back, never more of another user.
 */
export class FindWalletHolderQuery extends Query<WalletHolder> {
  constructor(
    readonly callerId: string,
    readonly mobile: string,
  ) {
    super();
  }
}
