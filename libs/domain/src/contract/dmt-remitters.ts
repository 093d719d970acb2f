import type { DmtBeneficiaryState, RemitterDocumentType, RemitterState } from '../dmt/remitters.js';
import type { PpiKycTier } from '../dmt/ppi.js';
import type { MessageAnswer, Ok } from './common.js';

/**
 * Issue 25, remitters and their beneficiaries (docs/api.md, "DMT (issue 25)"). Amounts are in
 * rupees, as every other answer gives them.
 */

/** A remitter's beneficiary: the account number masked, never whole. */
export interface DmtBeneficiaryRecord {
  id: string;
  name: string;
  bankName: string;
  ifsc: string;
  /** `XXXXXXXX9012`. */
  maskedAccountNumber: string;
  /** The bank's name for the holder at the penny drop; null when not checked. */
  verifiedName: string | null;
  state: DmtBeneficiaryState;
  createdAt: string;
  activatedAt: string | null;
}

/** This India month's DMT limit of the remitter, across all shops (rupees). */
export interface RemitterMonthLimit {
  /** `YYYY-MM`, India's calendar month. */
  month: string;
  limit: number;
  used: number;
  left: number;
}

export interface RemitterRecord {
  id: string;
  mobile: string;
  name: string;
  state: RemitterState;
  documentType: RemitterDocumentType;
  /** The document number's last 4 characters (the rest is sealed). */
  documentLast4: string;
  registeredAt: string | null;
  ekycAt: string | null;
  month: RemitterMonthLimit;
  beneficiaries: DmtBeneficiaryRecord[];
}

/** `POST /api/dmt/remitter`. */
export interface RemitterLookupRequest {
  mobile: string;
}

export type RemitterLookupAnswer = Ok &
  (
    | { registered: false; remitter?: RemitterRecord }
    | { registered: true; remitter: RemitterRecord }
  );

/** `POST /api/dmt/remitter/register`. */
export interface RegisterRemitterRequest {
  mobile: string;
  name: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
  address: string;
  pinCode: string;
  documentType: RemitterDocumentType;
  documentNumber: string;
}

/** An OTP went to the remitter's mobile; it works until `otpExpiresAt`. */
export interface CustomerOtpSentAnswer extends MessageAnswer {
  data: { remitterId: string; beneficiaryId?: string; otpExpiresAt: string };
}

/** `POST /api/dmt/remitter/verify`. */
export interface VerifyRemitterRequest {
  mobile: string;
  otp: string;
}

export interface RemitterAnswer extends MessageAnswer {
  remitter: RemitterRecord;
}

/** `POST /api/dmt/remitter/ekyc`: by Aadhaar OTP (two calls: without `otp`, then with it) or biometric. */
export interface RemitterEkycRequest {
  mobile: string;
  method: 'otp' | 'biometric';
  /** Must be true: the remitter agreed to the Aadhaar e-KYC. */
  consent: boolean;
  /** The Aadhaar OTP the remitter read out (second call of `otp`). */
  otp?: string;
  /** The RD service's encrypted PID block (`biometric`), passed through, never stored. */
  pidData?: string;
}

export type RemitterEkycAnswer =
  (MessageAnswer & { otpSent: true }) | (RemitterAnswer & { otpSent?: undefined });

/** `POST /api/dmt/beneficiary/add`. */
export interface AddDmtBeneficiaryRequest {
  remitterMobile: string;
  name: string;
  bankName: string;
  ifsc: string;
  accountNumber: string;
  /** Penny drop first (its check counts against the retailer's hourly limit). */
  verify?: boolean;
}

export interface AddDmtBeneficiaryAnswer extends CustomerOtpSentAnswer {
  beneficiary: DmtBeneficiaryRecord;
}

/** `POST /api/dmt/beneficiary/confirm` and `/delete/confirm`. */
export interface ConfirmDmtBeneficiaryRequest {
  remitterMobile: string;
  beneficiaryId: string;
  otp: string;
}

/** `POST /api/dmt/beneficiary/delete`. */
export interface DeleteDmtBeneficiaryRequest {
  remitterMobile: string;
  beneficiaryId: string;
}

export interface DmtBeneficiaryAnswer extends MessageAnswer {
  beneficiary: DmtBeneficiaryRecord;
}

/** The sender's prepaid wallet as the PPI provider last answered (issue 25, PPI money transfer). */
export interface PpiWalletRecord {
  tier: PpiKycTier;
  /** Only a full-KYC wallet may transfer funds (RBI MD-PPI). */
  mayTransfer: boolean;
  /** The provider's monthly limit for this sender (rupees). */
  monthlyLimit: number;
  checkedAt: string;
}

/**
 * `POST /api/ppi/sender`: the remitter (one per mobile, as DMT's) whose `month` is the PPI
 * month (the provider's limit, PPI transfers only), and its wallet once registered.
 */
export type PpiSenderAnswer = Ok &
  (
    | { registered: false; remitter?: RemitterRecord }
    | { registered: true; remitter: RemitterRecord; wallet: PpiWalletRecord }
  );
