import { maskAccountNumber } from '@khata/domain';
import type { AuditEntry } from '../audit/audit.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { BeneficiaryRow, RemitterRow } from './remitters.repository.js';

/**
 * The audit entries of DMT's acts on a remitter (issue 25): who, which remitter, what came of
 * it. Never an Aadhaar number (Khata never has one), an OTP, a full account number or a full
 * document number: the account as `XXXXXXXX1234` and the document as `******4567`, as the audit
 * log masks PANs and accounts since issue 31. The subject is the remitter.
 */
export function remitterAuditEntry(
  action: 'dmt.remitter-register' | 'dmt.remitter-ekyc',
  outcome: 'success' | 'failure',
  user: AuthUser,
  remitter: RemitterRow,
  context: RequestContext,
  details: Record<string, unknown> = {},
): AuditEntry {
  return {
    action,
    outcome,
    actorId: user.userId,
    subjectId: remitter.id,
    sessionId: user.sessionId,
    context,
    details: {
      remitterMobile: remitter.mobile,
      remitterName: remitter.name,
      documentType: remitter.documentType,
      documentNumber: `******${remitter.documentLast4}`,
      ...details,
    },
  };
}

export function beneficiaryAuditEntry(
  action: 'dmt.beneficiary-add' | 'dmt.beneficiary-delete',
  user: AuthUser,
  remitter: Pick<RemitterRow, 'id' | 'mobile'>,
  beneficiary: BeneficiaryRow,
  context: RequestContext,
): AuditEntry {
  return {
    action,
    outcome: 'success',
    actorId: user.userId,
    subjectId: remitter.id,
    sessionId: user.sessionId,
    context,
    details: {
      remitterMobile: remitter.mobile,
      beneficiaryId: beneficiary.id,
      beneficiaryName: beneficiary.name,
      bankName: beneficiary.bankName,
      ifsc: beneficiary.ifsc,
      accountNumber: maskAccountNumber(`XXXXXXXX${beneficiary.accountLast4}`),
      ...(beneficiary.verifiedName && { payeeName: beneficiary.verifiedName }),
    },
  };
}
