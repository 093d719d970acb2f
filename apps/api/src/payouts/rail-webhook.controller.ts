import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { Public } from '../auth/access.js';
import { ApplyRailWebhookCommand } from './commands/apply-rail-webhook.command.js';

/** Where providers post; create-app keeps this path's raw bytes whatever their content type. */
export const RAIL_WEBHOOK_PATH = '/api/webhooks/rail';

/**
 * A payout provider tells us what became of a payout (processed, failed, a late return). No
 * session: the HMAC signature over the raw body, under the shared secret, is the proof.
 */
@Controller('webhooks')
export class RailWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post('rail')
  @HttpCode(200)
  @Public()
  async rail(
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-rail-signature') signature: unknown,
    @Headers('x-rail-timestamp') timestamp: unknown,
  ) {
    const applied = await this.commands.execute(
      new ApplyRailWebhookCommand(request.rawBody, signature, timestamp),
    );
    return { success: true, ...applied };
  }
}
