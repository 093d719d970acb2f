import type {
  AepsCommissionSplit,
  BbpsAgentDevice,
  BbpsParams,
  BbpsPaymentStatus,
  Paise,
} from '@khata/domain';
import type { PayoutCommission } from '../commissions/commissions.repository.js';

/**
 * One bill payment as `bbps_payments` keeps it (issue 27). `amount` is the bill's part and
 * `ccf` the customer convenience fee, apart (BBPS sends them apart); the shop's wallet holds
 * both from the request until the payment settles.
 */
export interface BbpsPayment {
  id: string;
  userId: string;
  billerId: string;
  categoryCode: string;
  params: BbpsParams;
  customerMobile: string;
  fetchId: string | null;
  fetchRef: string | null;
  customerName: string | null;
  billNumber: string | null;
  billDate: string | null;
  dueDate: string | null;
  billPeriod: string | null;
  /** What names the bill: at most one live payment per key (bbps_payments_live_bill). */
  billKey: string;
  amount: Paise;
  ccf: Paise;
  /** BBPS `refId`: 35 alphanumerics. */
  refId: string;
  agent: BbpsAgentDevice;
  accountId: string;
  holdId: string;
  status: BbpsPaymentStatus;
  /** BBPS `txnRefId`, 20 characters, once BBPS took the payment. */
  bbpsReference: string | null;
  /** The biller's approval number. */
  approvalRef: string | null;
  message: string | null;
  /** The scheme's commission at request: the shop's and its uplines' (category's slabs). */
  commission: { total: Paise; quote: PayoutCommission } | null;
  commissionSplit: AepsCommissionSplit | null;
  idempotencyKey: string;
  requestHash: string;
  sendStartedAt: Date | null;
  sends: number;
  processingRecorded: boolean;
  statusChecks: number;
  lastCheckedAt: Date | null;
  nextCheckAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** A payment in a list or on a receipt, with the biller's and the shop's names. */
export interface BbpsPaymentRow extends BbpsPayment {
  billerName: string;
  categoryName: string;
  shopName: string;
  shopMobile: string;
}

/** A bill as fetched and kept, so the payment is checked against what the shop saw. */
export interface BbpsBillFetch {
  id: string;
  userId: string;
  billerId: string;
  params: BbpsParams;
  customerMobile: string;
  fetchRef: string;
  customerName: string;
  billNumber: string;
  billDate: string | null;
  dueDate: string | null;
  billPeriod: string | null;
  amount: Paise;
  earlyAmount: Paise | null;
  earlyUntil: string | null;
  lateAmount: Paise | null;
  fetchedAt: Date;
}
