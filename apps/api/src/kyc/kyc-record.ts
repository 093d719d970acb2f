import { maskPan, type KycStatus, type KycSubmissionRecord } from '@khata/domain';
import type { KycQueueEntry, KycSubmission } from './kyc.repository.js';
import type { KycFacts } from '@khata/domain';

export function toKycSubmissionRecord(entry: KycQueueEntry): KycSubmissionRecord {
  return {
    _id: entry.id,
    state: entry.state,
    pan: entry.pan,
    aadhaarLast4: entry.aadhaarLast4,
    reason: entry.reason,
    submittedAt: entry.submittedAt.toISOString(),
    decidedAt: entry.decidedAt?.toISOString() ?? null,
    photoType: entry.photoType,
    photoBytes: entry.photoBytes,
    user: {
      _id: entry.userId,
      name: entry.userName,
      mobile: entry.userMobile,
      shopName: entry.userShopName,
      role: entry.userRole,
    },
    decidedBy: entry.decidedBy ? { _id: entry.decidedBy, name: entry.deciderName ?? '' } : null,
  };
}

/** The user's own view: the state on their row, explained by their latest submission. */
export function toKycStatus(
  { state, checked, panOnFile }: KycFacts,
  latest: KycSubmission | undefined,
): KycStatus {
  return {
    checked,
    panOnFile,
    state,
    reason: state === 'rejected' ? (latest?.reason ?? null) : null,
    submittedAt: latest?.submittedAt.toISOString() ?? null,
    decidedAt: latest?.decidedAt?.toISOString() ?? null,
    pan: latest?.pan ?? null,
    aadhaarLast4: latest?.aadhaarLast4 ?? null,
  };
}

/**
 * What the audit log keeps of a submission: never the photo, no Aadhaar beyond its last 4, and
 * the PAN masked (issue 31: the log is append-only, so a full PAN there could never be sealed).
 */
export function describeForAudit(submission: KycSubmission): Record<string, unknown> {
  return {
    submissionId: submission.id,
    pan: maskPan(submission.pan),
    aadhaarLast4: submission.aadhaarLast4,
    photoType: submission.photoType,
    photoBytes: submission.photoBytes,
  };
}
