import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type AddDmtBeneficiaryAnswer,
  type CustomerOtpSentAnswer,
  type DmtBeneficiaryAnswer,
  DmtMessages,
  type RemitterAnswer,
  type RemitterEkycAnswer,
  type RemitterLookupAnswer,
  type RemitterRecord,
} from '@khata/domain';
import { ADMIN_AREA, ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { AddDmtBeneficiaryCommand } from './commands/add-dmt-beneficiary.command.js';
import { ConfirmDmtBeneficiaryDeleteCommand } from './commands/confirm-dmt-beneficiary-delete.command.js';
import { ConfirmDmtBeneficiaryCommand } from './commands/confirm-dmt-beneficiary.command.js';
import { RegisterRemitterCommand } from './commands/register-remitter.command.js';
import { RemitterEkycCommand, type EkycStep } from './commands/remitter-ekyc.command.js';
import { RequestDmtBeneficiaryDeleteCommand } from './commands/request-dmt-beneficiary-delete.command.js';
import { VerifyRemitterCommand } from './commands/verify-remitter.command.js';
import {
  AddDmtBeneficiaryDto,
  ConfirmDmtBeneficiaryDto,
  DeleteDmtBeneficiaryDto,
  RegisterRemitterDto,
  RemitterEkycDto,
  RemitterLookupDto,
  VerifyRemitterDto,
} from './dmt.dto.js';
import { toDmtBeneficiaryRecord } from './dmt-records.js';
import { LookUpRemitterQuery } from './queries/look-up-remitter.query.js';

/**
 * DMT remitters and their beneficiaries (issue 25; docs/api.md, "DMT (issue 25)"). Any role of
 * the admin area reaches the routes; the handlers let holders of the `dmt` service act for
 * their shop and admins read (dmt-access.ts).
 */
@Controller('dmt')
export class DmtController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('remitter')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async lookUp(
    @Body() body: RemitterLookupDto,
    @CurrentUser() user: AuthUser,
  ): Promise<RemitterLookupAnswer> {
    const remitter = await this.queries.execute(new LookUpRemitterQuery(user, body.mobile));
    if (!remitter) return { success: true, registered: false };
    return remitter.state === 'otpPending'
      ? { success: true, registered: false, remitter }
      : { success: true, registered: true, remitter };
  }

  @Post('remitter/register')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async register(
    @Body() body: RegisterRemitterDto,
    @CurrentUser() user: AuthUser,
  ): Promise<CustomerOtpSentAnswer> {
    const sent = await this.commands.execute(new RegisterRemitterCommand(user, { ...body }));
    return {
      success: true,
      message: DmtMessages.registerOtpSent,
      data: { remitterId: sent.remitterId, otpExpiresAt: sent.otpExpiresAt.toISOString() },
    };
  }

  @Post('remitter/verify')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async verify(
    @Body() body: VerifyRemitterDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<RemitterAnswer> {
    await this.commands.execute(new VerifyRemitterCommand(user, body.mobile, body.otp, context));
    return {
      success: true,
      message: DmtMessages.registered,
      remitter: await this.read(user, body.mobile),
    };
  }

  @Post('remitter/ekyc')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async ekyc(
    @Body() body: RemitterEkycDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<RemitterEkycAnswer> {
    const done = await this.commands.execute(
      new RemitterEkycCommand(user, body.mobile, ekycStep(body), context),
    );
    if (done.otpSent) return { success: true, message: DmtMessages.ekycOtpSent, otpSent: true };
    return {
      success: true,
      message: DmtMessages.ekycDone,
      remitter: await this.read(user, body.mobile),
    };
  }

  @Post('beneficiary/add')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async addBeneficiary(
    @Body() body: AddDmtBeneficiaryDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<AddDmtBeneficiaryAnswer> {
    const sent = await this.commands.execute(
      new AddDmtBeneficiaryCommand(
        user,
        body.remitterMobile,
        {
          name: body.name,
          bankName: body.bankName,
          ifsc: body.ifsc,
          accountNumber: body.accountNumber,
        },
        body.verify ?? false,
        context,
      ),
    );
    return {
      success: true,
      message: DmtMessages.beneficiaryOtpSent,
      data: {
        remitterId: sent.remitterId,
        beneficiaryId: sent.beneficiary.id,
        otpExpiresAt: sent.otpExpiresAt.toISOString(),
      },
      beneficiary: toDmtBeneficiaryRecord(sent.beneficiary),
    };
  }

  @Post('beneficiary/confirm')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async confirmBeneficiary(
    @Body() body: ConfirmDmtBeneficiaryDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<DmtBeneficiaryAnswer> {
    const beneficiary = await this.commands.execute(
      new ConfirmDmtBeneficiaryCommand(
        user,
        body.remitterMobile,
        body.beneficiaryId,
        body.otp,
        context,
      ),
    );
    return {
      success: true,
      message: DmtMessages.beneficiaryAdded,
      beneficiary: toDmtBeneficiaryRecord(beneficiary),
    };
  }

  @Post('beneficiary/delete')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async deleteBeneficiary(
    @Body() body: DeleteDmtBeneficiaryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<CustomerOtpSentAnswer> {
    const sent = await this.commands.execute(
      new RequestDmtBeneficiaryDeleteCommand(user, body.remitterMobile, body.beneficiaryId),
    );
    return {
      success: true,
      message: DmtMessages.deleteOtpSent,
      data: {
        remitterId: sent.remitterId,
        beneficiaryId: sent.beneficiary.id,
        otpExpiresAt: sent.otpExpiresAt.toISOString(),
      },
    };
  }

  @Post('beneficiary/delete/confirm')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async confirmDelete(
    @Body() body: ConfirmDmtBeneficiaryDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<DmtBeneficiaryAnswer> {
    const beneficiary = await this.commands.execute(
      new ConfirmDmtBeneficiaryDeleteCommand(
        user,
        body.remitterMobile,
        body.beneficiaryId,
        body.otp,
        context,
      ),
    );
    return {
      success: true,
      message: DmtMessages.beneficiaryDeleted,
      beneficiary: toDmtBeneficiaryRecord(beneficiary),
    };
  }

  private async read(user: AuthUser, mobile: string): Promise<RemitterRecord> {
    return (await this.queries.execute(new LookUpRemitterQuery(user, mobile)))!;
  }
}

/** The e-KYC body as a step: biometric needs the device's PID block. */
function ekycStep(body: RemitterEkycDto): EkycStep {
  if (body.method === 'otp') return { method: 'otp', otp: body.otp };
  if (body.pidData === undefined)
    throw new AppError(ErrorKind.Invalid, DmtMessages.pidDataRequired);
  return { method: 'biometric', pidData: body.pidData };
}
