import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ADMIN_AREA_KINDS,
  type ServiceCatalogueAnswer,
  type UpdateServicesAnswer,
  type UserServicesAnswer,
} from '@khata/domain';
import { ForKinds, ForMenuItem } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { UpdateServicesCommand } from './commands/update-services.command.js';
import { GetUserServicesQuery } from './queries/get-user-services.query.js';
import {
  ServiceMessages,
  toCatalogue,
  toOverrideRecord,
  UpdateServicesDto,
  UserServicesDto,
} from './services.dto.js';

/** Service Management (issue 12): the catalogue, one user's services, and switching them. */
@Controller('admin')
export class ServicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The catalogue is the same for everyone: libs/domain's table, as it is. */
  @Post('services')
  @HttpCode(200)
  @ForMenuItem('serviceManagement')
  catalogue(): ServiceCatalogueAnswer {
    return { success: true, services: toCatalogue() };
  }

  /**
   * Anyone of the admin area may read the services of a user it sees (a distributor its
   * downline, on User details); everyone else answers 404 "User not found".
   */
  @Post('userServices')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA_KINDS)
  async userServices(
    @CurrentUser() user: AuthUser,
    @Body() body: UserServicesDto,
  ): Promise<UserServicesAnswer> {
    const target = body.userId !== undefined ? { userId: body.userId } : { mobile: body.mobile! };
    const view = await this.queries.execute(new GetUserServicesQuery(user, target));
    return {
      success: true,
      user: {
        id: view.user.id,
        name: view.user.name,
        mobile: view.user.mobile,
        role: view.user.role,
        kind: view.user.kind,
      },
      services: view.services,
      awaitingKyc: view.awaitingKyc,
      defaults: view.defaults,
      overrides: view.overrides.map(toOverrideRecord),
    };
  }

  @Post('updateServices')
  @HttpCode(200)
  @ForMenuItem('updateServices')
  async updateServices(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateServicesDto,
    @Headers('pin') pin: unknown,
    @Context() context: RequestContext,
  ): Promise<UpdateServicesAnswer> {
    const services = await this.commands.execute(
      new UpdateServicesCommand(user, body.userId, body.changes, body.reason, pin, context),
    );
    return { success: true, message: ServiceMessages.updated, services };
  }
}
