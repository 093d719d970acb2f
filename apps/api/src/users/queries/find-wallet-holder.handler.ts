import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Messages, roleKind } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { UsersRepository } from '../users.repository.js';
import { FindWalletHolderQuery, type WalletHolder } from './find-wallet-holder.query.js';
import { UserLookupMessages } from '../user-lookup-messages.js';

export const WalletHolderLimits = {
  /** Look-ups per caller and window: a person types a few numbers, a script harvests names. */
  perCaller: 30,
  windowSeconds: 60,
} as const;

/** Every look-up counts. Redis down: counted in each process's memory. */
export const WalletHolderLimit = {
  name: 'fetch-user',
  points: WalletHolderLimits.perCaller,
  windowSeconds: WalletHolderLimits.windowSeconds,
  refusal: (seconds) => UserLookupMessages.tooManyLookups(seconds),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

@QueryHandler(FindWalletHolderQuery)
export class FindWalletHolderHandler implements IQueryHandler<FindWalletHolderQuery> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ callerId, mobile }: FindWalletHolderQuery): Promise<WalletHolder> {
    await this.limiter.consume(WalletHolderLimit, callerId);
    const holder = await this.users.findByMobile(mobile);
    const kind = holder && roleKind(holder.role, this.config.productKey);
    // A blocked account or a partner cannot receive a transfer: to the caller it does not exist.
    if (!holder || !kind || kind === 'partner' || holder.status !== 'active') {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    return { name: holder.name };
  }
}
