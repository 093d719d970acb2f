import { Body, Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { isServiceKey, KycMessages, type KycStatusAnswer, type MessageAnswer } from '@khata/domain';
import { NotInLinkSession, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { AddPanCommand } from './commands/add-pan.command.js';
import { SubmitKycCommand } from './commands/submit-kyc.command.js';
import { KycUploadInterceptor } from './kyc-upload.interceptor.js';
import { AddPanDto, SubmitKycDto } from './kyc.dto.js';
import { GetKycStatusQuery } from './queries/get-kyc-status.query.js';

/** What multer gives the handler for one file kept in memory. */
interface UploadedPhoto {
  buffer: Buffer;
}

/** The signed-in user's own KYC (issue 12). */
@Controller('user')
export class KycController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Multipart: `pan`, `aadhaarLast4` (never the full Aadhaar) and the file `shopPhoto`. */
  @Post('kyc')
  @HttpCode(200)
  @SignedIn()
  @NotInLinkSession()
  @UseInterceptors(KycUploadInterceptor)
  async submit(
    @Body() body: SubmitKycDto,
    @UploadedFile() file: UploadedPhoto | undefined,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<KycStatusAnswer> {
    const kyc = await this.commands.execute(
      new SubmitKycCommand(user, body.pan, body.aadhaarLast4, file?.buffer, context),
    );
    return { success: true, message: KycMessages.submitted, kyc, awaitingKyc: awaiting(user) };
  }

  @Post('kycStatus')
  @HttpCode(200)
  @SignedIn()
  async status(@CurrentUser() user: AuthUser): Promise<KycStatusAnswer> {
    const kyc = await this.queries.execute(new GetKycStatusQuery(user.userId));
    return { success: true, kyc, awaitingKyc: awaiting(user) };
  }

  /** The dashboard's PAN task: a PAN on file for a user that has none (issue 23). */
  @Post('pan')
  @HttpCode(200)
  @SignedIn()
  @NotInLinkSession()
  async addPan(
    @Body() body: AddPanDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new AddPanCommand(user, body.pan, context));
    return { success: true, message: KycMessages.panSaved };
  }
}

/** The services the caller holds that wait for its KYC (the session guard worked them out). */
function awaiting(user: AuthUser) {
  return user.awaitingKyc.filter(isServiceKey);
}
