import type { BeneficiaryStatus } from '../beneficiaries.js';
import type { Ok } from './common.js';

/**
 * The beneficiary calls of spec §7. Field names are the spec's own, capitals included
 * (`AccountNo`, `IfscCode`).
 */

/** A bank of `POST /api/user/getBankList` (spec §3: bankId, name, ifscGlobal). */
export interface BankOption {
  bankId: number;
  name: string;
  ifscGlobal: string;
  /** The first four letters of its IFSCs. */
  ifscPrefix: string;
}

export interface BankListAnswer extends Ok {
  result: BankOption[];
}

/** How a bank beneficiary is paid: a payout from the wallet, or DMT for a walk-in remitter. */
export type BankBeneficiaryType = 'payout' | 'dmt';
export type BeneficiaryType = BankBeneficiaryType | 'aeps';
/** An AEPS account waits for an admin's approval. */
export type ActivationStatus = 'pending' | 'approved' | 'rejected';

/**
 * A saved beneficiary (spec §3), with both spellings of account number and IFSC. The owner
 * sees the full account number (the payout form sends it back); the masked one is for display.
 */
interface BeneficiaryRecordBase {
  _id: string;
  name: string;
  bankName: string;
  accountNumber: string;
  AccountNo: string;
  maskedAccountNumber: string;
  ifscCode: string;
  IfscCode: string;
  status: BeneficiaryStatus;
  /** The name the bank gave at the penny drop, when there was one. */
  payeeName: string | null;
  /** ISO time. */
  createdAt: string;
}

/** A bank beneficiary, paid by payout or DMT. */
export interface BankBeneficiaryRecord extends BeneficiaryRecordBase {
  type: BankBeneficiaryType | null;
  beneficiaryMobile: string | null;
  remitterMobile: string | null;
  /** False while a DMT beneficiary waits for its OTP (it cannot be paid yet). */
  registered: boolean;
}

/** An AEPS settlement account: paid only once an admin approved it. */
export interface AepsBeneficiaryRecord extends BeneficiaryRecordBase {
  type: 'aeps';
  activationStatus: ActivationStatus | null;
  activationRemark: string | null;
}

export type BeneficiaryRecord = BankBeneficiaryRecord | AepsBeneficiaryRecord;

/** `POST /api/createBeneficiary`: a bank or DMT beneficiary (DMT answers a `referenceKey`). */
export interface CreateBeneficiaryRequest {
  AccountNo: string;
  IfscCode: string;
  name: string;
  bankName: string;
  type?: string;
  /** The remitter's mobile, for DMT. */
  mobile?: string;
  beneficiaryMobileNumber?: string;
  status?: string;
  referenceKey?: string;
  reqType?: string;
}

/** `POST /api/createAepsBeneficiary`: waits for an admin's approval. */
export interface CreateAepsBeneficiaryRequest {
  AccountNo: string;
  IfscCode: string;
  name: string;
  bankName: string;
  status?: string;
}

/** `createBeneficiary`: `referenceKey` (and `otpRequired`) when a DMT OTP was sent. */
export interface CreateBeneficiaryAnswer extends Ok {
  message: string;
  data: { beneficiaryId: string; referenceKey: string | null; otpRequired: boolean };
  beneficiary: BeneficiaryRecord;
}

export interface CreateAepsBeneficiaryAnswer extends Ok {
  message: string;
  data: { beneficiaryId: string; activationStatus: ActivationStatus | null };
  beneficiary: BeneficiaryRecord;
}

/** `POST /api/verifyBankAccount`: penny drop; `consent` must be true. */
export interface VerifyBankAccountRequest {
  accountNumber: string;
  ifscCode: string;
  consent: unknown;
  name?: string;
  type?: string;
}

/** The payee's name, in both places spec §7 reads it from. */
export interface VerifyBankAccountAnswer extends Ok {
  message: string;
  result: { name: string; data: { payee: { name: string } } };
}

/** `POST /api/verifyBeneficiary`: the DMT OTP. */
export interface VerifyBeneficiaryRequest {
  otp: string;
  remitterMobileNumber: string;
  referenceKey: string;
  beneficiaryId: string;
}

export interface VerifyBeneficiaryAnswer extends Ok {
  message: string;
  data: { beneficiaryId: string };
  beneficiary: BeneficiaryRecord;
}

/** `DELETE /api/deleteBeneficiary`: answers `MessageAnswer`. */
export interface DeleteBeneficiaryRequest {
  id: string;
}

/** `POST /api/getBeneficiaryList`. */
export interface ListBeneficiariesRequest {
  type?: string;
  search?: string;
}

export interface BeneficiaryListAnswer extends Ok {
  beneficiaries: BeneficiaryRecord[];
}

/** `POST /api/getAepsBeneficiaries` (admin). */
export interface ListAepsRequestsRequest {
  status?: string;
}

/** An AEPS account waiting for (or past) an admin's decision, with its owner. */
export type AepsRequestRecord = BeneficiaryRecord & {
  owner: { _id: string; name: string; mobile: string };
  /**
   * The account holder: the bank's name from the penny drop, else the name typed; `differs`
   * when it is not the retailer's (libs/domain `holderNameDiffers`), for the admin to look at.
   */
  holder: { name: string; differs: boolean };
};

export interface AepsRequestsAnswer extends Ok {
  data: AepsRequestRecord[];
}

/**
 * `POST /api/approveAepsBeneficiary` (admin, PIN header): `action` approve or reject; `remark`
 * is the reason, required to reject (the retailer reads it), at most 200 characters.
 */
export interface DecideAepsBeneficiaryRequest {
  id: string;
  action: string;
  remark?: string;
}

export interface DecideAepsBeneficiaryAnswer extends Ok {
  message: string;
  beneficiary: BeneficiaryRecord;
}
