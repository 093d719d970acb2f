import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../common/clock.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { CallbackRequestsRepository } from '../callback-requests.repository.js';
import { RequestCallbackCommand } from './request-callback.command.js';
import { addressKey } from '../../common/http/address-key.js';

/**
 * The box is public, so one address may leave only a few requests an hour: enough for a
 * shop whose staff share a connection, too few to fill the support team's list with spam.
 */
export const CallbackLimits = {
  perAddress: 5,
  windowSeconds: 60 * 60,
} as const;

export function tooManyCallbackRequests(minutes: number): string {
  return `You have asked for several call-backs already. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call our support line.`;
}

/** Stored requests count; one that could not be stored gives its point back. */
export const CallbackLimit = {
  name: 'callback-ip',
  points: CallbackLimits.perAddress,
  windowSeconds: CallbackLimits.windowSeconds,
  refusal: (seconds) => tooManyCallbackRequests(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

@CommandHandler(RequestCallbackCommand)
export class RequestCallbackHandler implements ICommandHandler<RequestCallbackCommand> {
  constructor(
    private readonly requests: CallbackRequestsRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async execute({ name, mobile, message, context }: RequestCallbackCommand): Promise<void> {
    const address = addressKey(context.ip);
    await this.limiter.consume(CallbackLimit, address);
    try {
      await this.requests.insert({
        name,
        mobile,
        message,
        ip: context.ip,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      await this.limiter.giveBack(CallbackLimit, address);
      throw error;
    }
  }
}
