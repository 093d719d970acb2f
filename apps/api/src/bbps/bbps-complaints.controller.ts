import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { BbpsComplaintMessages, ComplaintMessages, type ComplaintSummary } from '@khata/domain';
import { ADMIN_AREA, ForKinds, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { checkComplaintId, toComplaintSummary } from '../complaints/complaints.dto.js';
import { ComplaintsRepository } from '../complaints/complaints.repository.js';
import { Db } from '../database/unit-of-work.js';
import { BbpsComplaintDesk } from './bbps-complaint-desk.js';
import { BbpsComplaintEnquiry } from './bbps-complaint-enquiry.js';
import { BbpsServiceComplaintDto, BbpsTransactionComplaintDto } from './bbps-complaints.dto.js';

/**
 * BBPS complaints (issue 27; docs/api.md "BBPS complaints (issue 27)"): raised by the shop,
 * registered with Bharat BillPay, listed with the other complaints (My Complaints, the queue).
 */
@Controller('bbps')
export class BbpsComplaintsController {
  constructor(
    private readonly desk: BbpsComplaintDesk,
    private readonly enquiry: BbpsComplaintEnquiry,
    private readonly complaints: ComplaintsRepository,
    private readonly db: Db,
  ) {}

  @Post('payments/:id/complaints')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async onPayment(
    @Param('id') paymentId: string,
    @Body() body: BbpsTransactionComplaintDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const id = await this.desk.raise(user, { type: 'transaction', paymentId, ...body }, context);
    return this.answer(id);
  }

  @Post('complaints')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async service(
    @Body() body: BbpsServiceComplaintDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const id = await this.desk.raise(
      user,
      {
        type: 'service',
        party: body.party,
        billerId: body.billerId ?? null,
        reason: body.reason,
        description: body.description,
      },
      context,
    );
    return this.answer(id);
  }

  @Post('complaints/:id/check')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async check(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    const checked = checkComplaintId(id);
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
    await this.enquiry.check(user, checked.value);
    const summary = await this.summary(checked.value);
    return {
      success: true,
      message: BbpsComplaintMessages.checked(summary.bbps!.status),
      data: summary,
    };
  }

  private async answer(id: string) {
    const summary = await this.summary(id);
    return {
      success: true,
      message: BbpsComplaintMessages.raised(summary.bbps!.complaintId),
      data: summary,
    };
  }

  private async summary(id: string): Promise<ComplaintSummary> {
    const complaint = await this.complaints.find(this.db, id);
    if (!complaint) throw new AppError(ErrorKind.NotFound, ComplaintMessages.notFound);
    return toComplaintSummary(complaint);
  }
}
