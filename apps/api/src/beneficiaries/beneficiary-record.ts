import { maskAccountNumber, type BeneficiaryRecord } from '@khata/domain';
import type {
  Beneficiary,
  BeneficiaryKind,
  BeneficiaryStatus,
} from './beneficiaries.repository.js';

/**
 * A beneficiary as spec §3 names its fields (with both spellings of account number and
 * IFSC). The owner sees the full account number: the payout form sends it back
 * (`beneficiaryAccountNumber`); `maskedAccountNumber` is there for display.
 */
export function toBeneficiaryRecord(beneficiary: Beneficiary): BeneficiaryRecord {
  const common = {
    _id: beneficiary.id,
    name: beneficiary.name,
    bankName: beneficiary.bankName,
    accountNumber: beneficiary.accountNumber,
    AccountNo: beneficiary.accountNumber,
    maskedAccountNumber: maskAccountNumber(beneficiary.accountNumber),
    ifscCode: beneficiary.ifsc,
    IfscCode: beneficiary.ifsc,
    status: beneficiary.status,
    payeeName: beneficiary.payeeName,
    createdAt: beneficiary.createdAt.toISOString(),
  };
  if (beneficiary.kind === 'aeps') {
    return {
      ...common,
      type: 'aeps',
      activationStatus: beneficiary.activationStatus,
      activationRemark: beneficiary.activationRemark,
    };
  }
  return {
    ...common,
    type: beneficiary.type,
    beneficiaryMobile: beneficiary.beneficiaryMobile,
    remitterMobile: beneficiary.remitterMobile,
    registered: beneficiary.registeredAt !== null,
  };
}

/** What the audit log and the logs may say about a beneficiary: never the full account number. */
export function describeForAudit(beneficiary: {
  id: string;
  kind: BeneficiaryKind;
  accountNumber: string;
  ifsc: string;
  bankName: string;
  status: BeneficiaryStatus;
}) {
  return {
    beneficiaryId: beneficiary.id,
    kind: beneficiary.kind,
    accountNumber: maskAccountNumber(beneficiary.accountNumber),
    ifsc: beneficiary.ifsc,
    bankName: beneficiary.bankName,
    status: beneficiary.status,
  };
}
