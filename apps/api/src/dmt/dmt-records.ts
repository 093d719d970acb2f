import {
  type DmtBeneficiaryRecord,
  indiaMonth,
  maskAccountNumber,
  paiseToRupees,
  REMITTER_MONTH_LIMIT_PAISE,
  type RemitterRecord,
} from '@khata/domain';
import type { BeneficiaryRow, RemitterRow } from './remitters.repository.js';

/** A beneficiary as answers show it: the account number masked from its last 4 digits. */
export function toDmtBeneficiaryRecord(row: BeneficiaryRow): DmtBeneficiaryRecord {
  return {
    id: row.id,
    name: row.name,
    bankName: row.bankName,
    ifsc: row.ifsc,
    maskedAccountNumber: maskAccountNumber(`XXXXXXXX${row.accountLast4}`),
    verifiedName: row.verifiedName,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
  };
}

/**
 * A remitter with this India month's limit (used: paise sent this month, all shops); DMT's
 * limit unless another is given (PPI: the provider's for the sender's wallet).
 */
export function toRemitterRecord(
  row: RemitterRow,
  beneficiaries: readonly BeneficiaryRow[],
  usedPaise: number,
  at: Date,
  limitPaise: number = REMITTER_MONTH_LIMIT_PAISE,
): RemitterRecord {
  const used = Math.min(usedPaise, limitPaise);
  return {
    id: row.id,
    mobile: row.mobile,
    name: row.name,
    state: row.state,
    documentType: row.documentType,
    documentLast4: row.documentLast4,
    registeredAt: row.registeredAt?.toISOString() ?? null,
    ekycAt: row.ekycAt?.toISOString() ?? null,
    month: {
      month: indiaMonth(at),
      limit: paiseToRupees(limitPaise),
      used: paiseToRupees(used),
      left: paiseToRupees(limitPaise - used),
    },
    beneficiaries: beneficiaries.map(toDmtBeneficiaryRecord),
  };
}
