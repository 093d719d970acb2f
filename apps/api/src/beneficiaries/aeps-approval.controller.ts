import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  holderNameDiffers,
  type AepsRequestsAnswer,
  type DecideAepsBeneficiaryAnswer,
} from '@khata/domain';
import { ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { BeneficiaryMessages } from './beneficiary-messages.js';
import type { ActivationStatus } from './beneficiaries.repository.js';
import { DecideAepsBeneficiaryDto, ListAepsRequestsDto, parsed } from './beneficiaries.dto.js';
import { toBeneficiaryRecord } from './beneficiary-record.js';
import { DecideAepsBeneficiaryCommand } from './commands/decide-aeps-beneficiary.command.js';
import { ListAepsRequestsQuery } from './queries/list-aeps-requests.query.js';

/**
 * Ours: admins approve or reject AEPS settlement accounts (spec §3 activationStatus), with
 * their PIN and, to reject, a reason the retailer reads (issue 23).
 */
@Controller('admin')
export class AepsApprovalController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('getAepsBeneficiaries')
  @HttpCode(200)
  @ForKinds('admin')
  async list(@Body() body: ListAepsRequestsDto): Promise<AepsRequestsAnswer> {
    const status = (body.status || 'pending') as ActivationStatus;
    const accounts = await this.queries.execute(new ListAepsRequestsQuery(status));
    return {
      success: true,
      data: accounts.map((account) => {
        // The bank's name for the holder when the penny drop gave one, else the name typed.
        const holderName = account.payeeName ?? account.name;
        return {
          ...toBeneficiaryRecord(account),
          owner: { _id: account.ownerId, name: account.ownerName, mobile: account.ownerMobile },
          holder: { name: holderName, differs: holderNameDiffers(account.ownerName, holderName) },
        };
      }),
    };
  }

  @Post('approveAepsBeneficiary')
  @HttpCode(200)
  @ForKinds('admin')
  async decide(
    @Body() body: DecideAepsBeneficiaryDto,
    @PinHeader() pin: unknown,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<DecideAepsBeneficiaryAnswer> {
    const decision = parsed.action(body.action);
    const beneficiary = await this.commands.execute(
      new DecideAepsBeneficiaryCommand(
        user,
        parsed.id(body.id),
        decision,
        parsed.remark(body.remark),
        pin,
        context,
      ),
    );
    return {
      success: true,
      message: decision === 'approve' ? BeneficiaryMessages.approved : BeneficiaryMessages.rejected,
      beneficiary: toBeneficiaryRecord(beneficiary),
    };
  }
}
