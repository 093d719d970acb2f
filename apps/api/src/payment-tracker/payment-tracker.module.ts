import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { NetworkModule } from '../network/network.module.js';
import { PaymentTrackerController } from './payment-tracker.controller.js';
import {
  ReceiptLinkHandler,
  TrackPaymentHandler,
  VerifyReceiptHandler,
} from './payment-tracker.queries.js';
import { PaymentTrackerRepository } from './payment-tracker.repository.js';
import { ReceiptLinks } from './receipt-links.js';

/** Issue 14: the payment tracker and the public receipt check behind the receipts' QR codes. */
@Module({
  imports: [AuthModule, NetworkModule],
  controllers: [PaymentTrackerController],
  providers: [
    PaymentTrackerRepository,
    ReceiptLinks,
    TrackPaymentHandler,
    ReceiptLinkHandler,
    VerifyReceiptHandler,
  ],
})
export class PaymentTrackerModule {}
