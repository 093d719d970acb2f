import type {
  AepsCommissionSplit,
  AepsKind,
  CommissionSplit,
  MiniStatementLine,
  Paise,
} from '@khata/domain';
import type { PayoutCommission } from '../commissions/commissions.repository.js';
import type { RailStatus } from '../rail/rail-machine.js';

/** An AEPS transaction's status: the rail's, less `reversed` (a withdrawal is not returned). */
export type AepsStatus = Exclude<RailStatus, 'reversed'>;

/**
 * One AEPS transaction as `aeps_transactions` keeps it (issue 26). The customer is the masked
 * last four digits and a keyed token; the Aadhaar number and the PID block are never here.
 */
export interface AepsTransaction {
  id: string;
  userId: string;
  kind: AepsKind;
  /** The India day of the request, `YYYY-MM-DD`: the day the 5-withdrawal count is kept for. */
  businessDay: string;
  customerToken: string;
  aadhaarLast4: string;
  bankIin: string;
  mobile: string;
  amount: Paise;
  status: AepsStatus;
  rrn: string | null;
  message: string | null;
  /** The customer's account balance the bank reported, paise. */
  customerBalance: Paise | null;
  statement: MiniStatementLine[] | null;
  bankDebited: boolean;
  agentAuthReference: string | null;
  /** The scheme's commission at request (withdrawal only). */
  commission: { total: Paise; quote: PayoutCommission } | null;
  /** The split posted at success (the shop's and uplines' lines, TDS). */
  commissionSplit: (CommissionSplit & Partial<Pick<AepsCommissionSplit, 'earner'>>) | null;
  merchantFee: Paise;
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

/** A transaction in a list, with the shop that served it. */
export interface AepsTransactionListRow extends AepsTransaction {
  shopName: string;
}
