import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  Messages,
  type BankListAnswer,
  type BeneficiaryListAnswer,
  type CreateAepsBeneficiaryAnswer,
  type CreateBeneficiaryAnswer,
  type MessageAnswer,
  type VerifyBankAccountAnswer,
  type VerifyBeneficiaryAnswer,
} from '@khata/domain';
import { ADMIN_AREA, ForKinds, ForMenuItem, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { BeneficiaryMessages } from './beneficiary-messages.js';
import {
  CreateAepsBeneficiaryDto,
  CreateBeneficiaryDto,
  DeleteBeneficiaryDto,
  ListBeneficiariesDto,
  parsed,
  VerifyBankAccountDto,
  VerifyBeneficiaryDto,
} from './beneficiaries.dto.js';
import { toBeneficiaryRecord } from './beneficiary-record.js';
import { CreateAepsBeneficiaryCommand } from './commands/create-aeps-beneficiary.command.js';
import { CreateBeneficiaryCommand } from './commands/create-beneficiary.command.js';
import { DeleteBeneficiaryCommand } from './commands/delete-beneficiary.command.js';
import { VerifyBankAccountCommand } from './commands/verify-bank-account.command.js';
import { VerifyBeneficiaryOtpCommand } from './commands/verify-beneficiary-otp.command.js';
import { GetBankListQuery } from './queries/get-bank-list.query.js';
import { ListBeneficiariesQuery } from './queries/list-beneficiaries.query.js';

/**
 * spec §7: the bank list and the caller's own beneficiaries. Bank beneficiaries follow
 * /payment/bankTransfer: any admin-area role, and the handlers ask for the payout service
 * (beneficiary-access.ts). AEPS accounts follow the AEPS Settlement item.
 */
@Controller('user')
export class BeneficiariesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('getBankList')
  @HttpCode(200)
  @SignedIn()
  async bankList(): Promise<BankListAnswer> {
    return { success: true, result: await this.queries.execute(new GetBankListQuery()) };
  }

  @Post('createBeneficiary')
  @ForKinds(...ADMIN_AREA)
  async create(
    @Body() body: CreateBeneficiaryDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<CreateBeneficiaryAnswer> {
    const created = await this.commands.execute(
      new CreateBeneficiaryCommand(
        user,
        parsed.beneficiaryForm({ ...body }),
        parsed.type(body.type),
        parsed.remitterMobile({ ...body }),
        parsed.beneficiaryMobile(body.beneficiaryMobileNumber),
        context,
      ),
    );
    return {
      success: true,
      message: Messages.beneficiaryCreated,
      data: {
        beneficiaryId: created.beneficiary.id,
        referenceKey: created.referenceKey,
        otpRequired: created.referenceKey !== null,
      },
      beneficiary: toBeneficiaryRecord(created.beneficiary),
    };
  }

  @Post('verifyBankAccount')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async verifyAccount(
    @Body() body: VerifyBankAccountDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<VerifyBankAccountAnswer> {
    const { payeeName } = await this.commands.execute(
      new VerifyBankAccountCommand(user, parsed.accountToVerify({ ...body }), context),
    );
    // Both places spec §7 reads the name from.
    return {
      success: true,
      message: Messages.accountVerified,
      result: { name: payeeName, data: { payee: { name: payeeName } } },
    };
  }

  @Post('verifyBeneficiary')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async verifyOtp(
    @Body() body: VerifyBeneficiaryDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<VerifyBeneficiaryAnswer> {
    const beneficiary = await this.commands.execute(
      new VerifyBeneficiaryOtpCommand(
        user,
        parsed.id(body.beneficiaryId),
        parsed.referenceKey(body.referenceKey),
        parsed.otp(body.otp),
        parsed.mobile(body.remitterMobileNumber),
        context,
      ),
    );
    return {
      success: true,
      message: Messages.beneficiaryRegistered,
      data: { beneficiaryId: beneficiary.id },
      beneficiary: toBeneficiaryRecord(beneficiary),
    };
  }

  @Post('createAepsBeneficiary')
  @ForMenuItem('aepsSettlement')
  async createAeps(
    @Body() body: CreateAepsBeneficiaryDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<CreateAepsBeneficiaryAnswer> {
    const beneficiary = await this.commands.execute(
      new CreateAepsBeneficiaryCommand(user, parsed.beneficiaryForm({ ...body }), context),
    );
    return {
      success: true,
      message: Messages.beneficiaryCreated,
      data: { beneficiaryId: beneficiary.id, activationStatus: beneficiary.activationStatus },
      beneficiary: toBeneficiaryRecord(beneficiary),
    };
  }

  @Delete('deleteBeneficiary')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async delete(
    @Body() body: DeleteBeneficiaryDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new DeleteBeneficiaryCommand(user, parsed.id(body.id), context));
    return { success: true, message: BeneficiaryMessages.deleted };
  }

  @Post('getBeneficiaryList')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async list(
    @Body() body: ListBeneficiariesDto,
    @CurrentUser() user: AuthUser,
  ): Promise<BeneficiaryListAnswer> {
    const beneficiaries = await this.queries.execute(
      new ListBeneficiariesQuery(
        user.userId,
        parsed.listType(body.type),
        parsed.search(body.search),
      ),
    );
    return { success: true, beneficiaries: beneficiaries.map(toBeneficiaryRecord) };
  }
}
