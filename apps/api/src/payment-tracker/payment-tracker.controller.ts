import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PaymentTrackerAnswer, ReceiptLinkAnswer, VerifyReceiptAnswer } from '@khata/domain';
import { ForMenuItem, Public, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { PaymentTrackerDto, ReceiptLinkDto } from './payment-tracker.dto.js';
import {
  ReceiptLinkQuery,
  TrackPaymentQuery,
  VerifyReceiptQuery,
} from './payment-tracker.queries.js';
import { ReceiptLinks, verifyPathOf } from './receipt-links.js';

/** Issue 14: the payment tracker, and the public check of a printed receipt. */
@Controller()
export class PaymentTrackerController {
  constructor(
    private readonly queries: QueryBus,
    private readonly links: ReceiptLinks,
  ) {}

  /** `/admin/payment-tracker`: a payment in the caller's network by order id or UTR. */
  @Post('admin/paymentTracker')
  @HttpCode(200)
  @ForMenuItem('paymentTracker')
  async track(
    @CurrentUser() user: AuthUser,
    @Body() body: PaymentTrackerDto,
  ): Promise<PaymentTrackerAnswer> {
    return {
      success: true,
      ...(await this.queries.execute(new TrackPaymentQuery(user, body.query))),
    };
  }

  /** The verification link printed as a QR code on a receipt of the caller's network. */
  @Post('user/receiptLink')
  @HttpCode(200)
  @SignedIn()
  async receiptLink(
    @CurrentUser() user: AuthUser,
    @Body() body: ReceiptLinkDto,
  ): Promise<ReceiptLinkAnswer> {
    const recordId = await this.queries.execute(new ReceiptLinkQuery(user, body.id));
    const token = this.links.tokenFor(recordId);
    return { success: true, token, verifyPath: verifyPathOf(token) };
  }

  /** Anyone holding the receipt: status, amount, masked account, UTR and time; nothing else. */
  @Get('public/receipts/:token')
  @Public()
  async verify(
    @Param('token') token: string,
    @Context() context: RequestContext,
  ): Promise<VerifyReceiptAnswer> {
    const receipt = await this.queries.execute(new VerifyReceiptQuery(token, context));
    return { success: true, receipt };
  }
}
