import type { FundRequestMode, FundRequestState } from '../fund-requests.js';
import type { Ok, PageRequest } from './common.js';

/**
 * Fund requests and the company's bank accounts (issue 13, docs/api.md "Fund requests").
 * Amounts are rupees on the wire, as everywhere.
 */

/** A bank account of the company that users pay into. */
export interface CompanyBankAccount {
  _id: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  active: boolean;
}

export interface CompanyBankAccountsAnswer extends Ok {
  data: CompanyBankAccount[];
}

/** `POST /api/admin/companyBankAccount`: a new account (no `id`) or a change to one. */
export interface SaveCompanyBankAccountRequest {
  id?: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  active?: boolean;
}

export interface SaveCompanyBankAccountAnswer extends Ok {
  account: CompanyBankAccount;
}

/**
 * `POST /api/user/paymentRequest`: multipart with these text fields and the file `proof`
 * (PNG, JPEG, WebP or PDF, at most 2 MB). `bankAccountId` names the company account; API.md's
 * `bankName` still works when one active account has that bank name.
 */
export interface FundRequestFields {
  amount: string | number;
  mode: FundRequestMode | string;
  utr: string;
  bankAccountId?: string;
  bankName?: string;
  depositDate: string;
  remark?: string;
}

export interface FundRequestRecord {
  _id: string;
  amount: number;
  mode: FundRequestMode;
  utr: string;
  bank: { _id: string; bankName: string; accountNumber: string };
  depositDate: string;
  remark: string | null;
  state: FundRequestState;
  reason: string | null;
  proofType: string;
  /** ISO times. */
  createdAt: string;
  decidedAt: string | null;
  requester: { _id: string; name: string; mobile: string; role: string };
  /** Who approves it: its upline, or null for an admin (paid from the company's funds). */
  approver: { _id: string; name: string } | null;
  decidedBy: { _id: string; name: string } | null;
  /** The ledger event of the approval, and the bank statement line it was matched to. */
  eventId: string | null;
  statementLineId: string | null;
  /** Whether the viewer may approve or reject it now. */
  canDecide?: boolean;
}

export interface FundRequestAnswer extends Ok {
  request: FundRequestRecord;
}

/** `POST /api/user/paymentRequests` (own) and `/api/admin/paymentApprovals` (the queue). */
export interface FundRequestListRequest extends PageRequest {
  state?: FundRequestState | '';
}

export interface FundRequestListAnswer extends Ok {
  data: FundRequestRecord[];
  total: number;
}

/** `POST /api/admin/paymentApproval` (API.md): `remark` is the reason of a rejection. */
export interface FundDecisionRequest {
  id: string;
  action: 'approve' | 'reject';
  remark?: string;
  /** An admin approving against a bank statement line (the match screen). */
  statementLineId?: string;
}

export interface FundDecisionAnswer extends Ok {
  message: string;
  request: FundRequestRecord;
}

/** One credit line of an uploaded bank statement. */
export interface BankStatementLine {
  _id: string;
  lineNo: number;
  date: string;
  utr: string;
  amount: number;
  description: string | null;
  fundRequestId: string | null;
}

/** What the bank statement says about the account's requests. */
export interface StatementMatches {
  bankAccountId: string;
  /** Pending requests a line supports by UTR, amount and date: approve with the PIN. */
  proposals: { request: FundRequestRecord; line: BankStatementLine }[];
  /** Pending requests no line supports, with why. */
  unsupported: { request: FundRequestRecord; why: string }[];
  /** Lines no request claims. */
  unclaimed: BankStatementLine[];
  /** Lines matched to approved requests, and the totals, to the paisa. */
  reconciled: { request: FundRequestRecord; line: BankStatementLine }[];
  totals: { lines: number; reconciled: number; proposed: number; unclaimed: number };
}

export interface StatementMatchesAnswer extends Ok {
  matches: StatementMatches;
}

/** `POST /api/admin/bankStatement`: multipart `bankAccountId` and the CSV file `statement`. */
export interface StatementUploadAnswer extends Ok {
  message: string;
  statementId: string;
  /** Lines added by this upload (0 for a repeat). */
  added: number;
  repeated: boolean;
  matches: StatementMatches;
}

/** Pushed as `fundRequest.updated` to the requester and its approver. */
export interface FundRequestUpdated {
  id: string;
  state: FundRequestState;
  reason: string | null;
}
