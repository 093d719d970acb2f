import { auditMoney, orderIdOfSeq } from '@khata/domain';
import type { DmtRailTransfer } from './dmt-transfer.js';

/**
 * What the audit log keeps of a transfer (issue 25): its order id, money, refund state and
 * remitter; never the beneficiary's account.
 */
export function transferAuditDetails(
  transfer: Pick<DmtRailTransfer, 'orderSeq' | 'amount' | 'fee' | 'refundState' | 'remitterId'> & {
    payee?: Pick<DmtRailTransfer['payee'], 'remitterMobile'>;
  },
): Record<string, unknown> {
  return {
    orderID: orderIdOfSeq(transfer.orderSeq),
    amount: auditMoney(transfer.amount),
    fee: auditMoney(transfer.fee),
    refundState: transfer.refundState,
    remitterId: transfer.remitterId,
    ...(transfer.payee && { remitterMobile: transfer.payee.remitterMobile }),
  };
}
