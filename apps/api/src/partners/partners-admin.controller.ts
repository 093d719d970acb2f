import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PartnerMessages, type CreatePartnerAnswer } from '@khata/domain';
import { ForMenuItem } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CreatePartnerCommand } from './commands/create-partner.command.js';
import { CreatePartnerDto } from './partners.dto.js';

/** The admin's side of partners: making one (the Create Partner item, spec §6), with the PIN. */
@Controller('admin')
export class PartnersAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Post('createPartner')
  @HttpCode(200)
  @ForMenuItem('createPartner')
  async createPartner(
    @Body() body: CreatePartnerDto,
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
    @PinHeader() pin: unknown,
  ): Promise<CreatePartnerAnswer> {
    const user = await this.commands.execute(
      new CreatePartnerCommand(
        admin,
        {
          name: body.name,
          mobile: body.mobile,
          businessName: body.businessName,
          webhookUrl: body.webhookUrl ?? null,
        },
        context,
        pin,
      ),
    );
    return { success: true, message: PartnerMessages.created, user };
  }
}
