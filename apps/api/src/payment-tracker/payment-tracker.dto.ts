import {
  fail,
  pass,
  type Check,
  type PaymentTrackerRequest,
  type ReceiptLinkRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import { checkRecordId } from '../transactions/transactions.dto.js';
import { PaymentTrackerMessages } from './payment-tracker.messages.js';

function checkTrackerQuery(value: unknown): Check<string> {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= 64
    ? pass(value.trim())
    : fail(PaymentTrackerMessages.queryInvalid);
}

export class PaymentTrackerDto implements PaymentTrackerRequest {
  @Satisfies(checkTrackerQuery)
  query!: string;
}

export class ReceiptLinkDto implements ReceiptLinkRequest {
  @Satisfies(checkRecordId)
  id!: string;
}
