import type { KycState, KycSubmissionState } from '../kyc.js';
import type { ServiceKey } from '../services.js';
import type { Ok, PageRequest } from './common.js';

/**
 * KYC calls (issue 12, docs/api.md "KYC"). `POST /api/user/kyc` is multipart: the text fields
 * `pan` and `aadhaarLast4`, and the file `shopPhoto`.
 */
export interface KycSubmitFields {
  pan: string;
  aadhaarLast4: string;
}

/** The caller's own KYC: its state and, once rejected, why. */
export interface KycStatus {
  state: KycState;
  /** The reason of the latest rejection; null otherwise. */
  reason: string | null;
  /** ISO times of the latest submission, when there is one. */
  submittedAt: string | null;
  decidedAt: string | null;
  /** The PAN and Aadhaar last 4 of the latest submission, so the user sees what they sent. */
  pan: string | null;
  aadhaarLast4: string | null;
  /** Issue 23: an approved submission is behind the state (else "Not checked" when approved). */
  checked: boolean;
  /** Issue 23: a PAN is on file (TDS on commission at the PAN rate); never the PAN itself. */
  panOnFile: boolean;
}

/** `POST /api/user/pan`: the dashboard's PAN task, for a user with none on file. */
export interface AddPanRequest {
  pan: string;
}

/** `POST /api/user/kyc` and `POST /api/user/kycStatus`. */
export interface KycStatusAnswer extends Ok {
  kyc: KycStatus;
  /**
   * The caller's services that wait for an approved KYC (issue 23): empty when KYC switches
   * nothing on for it, so the console promises nothing.
   */
  awaitingKyc: ServiceKey[];
}

/** A submission as the reviewer sees it. */
export interface KycSubmissionRecord {
  _id: string;
  state: KycSubmissionState;
  pan: string;
  aadhaarLast4: string;
  reason: string | null;
  /** ISO times. */
  submittedAt: string;
  decidedAt: string | null;
  photoType: string;
  photoBytes: number;
  user: { _id: string; name: string; mobile: string; shopName: string | null; role: string };
  decidedBy: { _id: string; name: string } | null;
}

/** `POST /api/admin/kycQueue`: submitted ones first, oldest first; `state` filters. */
export interface KycQueueRequest extends PageRequest {
  state?: KycSubmissionState | '';
}

export interface KycQueueAnswer extends Ok {
  data: KycSubmissionRecord[];
  total: number;
}

/** `POST /api/admin/kycDecision`, header `pin`: a reason is required to reject. */
export interface KycDecisionRequest {
  id: string;
  action: 'approve' | 'reject';
  reason?: string;
}

export interface KycDecisionAnswer extends Ok {
  message: string;
  submission: KycSubmissionRecord;
}

/** `kyc.updated` on the socket: the user's KYC was decided (or sent). */
export interface KycUpdated {
  state: KycState;
  reason: string | null;
}

/**
 * `POST /api/admin/commissionEarnersWithoutPan` (admin): the active distributors and super
 * distributors with no PAN on file, whose commission has TDS withheld at the no-PAN rate.
 */
export interface EarnersWithoutPanAnswer extends Ok {
  data: { id: string; name: string; mobile: string; role: string }[];
}
