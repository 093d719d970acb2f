import type {
  ComplaintStatus,
  ComplaintStatusFilter,
  StaffComplaintAction,
  UserComplaintAction,
} from '../complaints.js';
import type { BbpsComplaintFacts } from '../bbps/complaints.js';
import type { NoticeAudience, NoticeState } from '../notices.js';
import type { RoleKind } from '../roles.js';
import type { Ok, PageRequest } from './common.js';

/**
 * Issue 14, Communication: notices (`/admin/postNotice`, the dashboard) and complaints
 * (`/admin/raiseTicket`, `/admin/my-complaints`, `/admin/complaints`). Times are ISO;
 * `startsAt`/`endsAt` of a new notice are India's wall clock, `YYYY-MM-DDTHH:mm`.
 */

/** `POST /api/admin/postNotice`. */
export interface PostNoticeRequest {
  title: string;
  body: string;
  audience: NoticeAudience;
  startsAt: string;
  endsAt: string;
}

export interface NoticeRecord {
  id: string;
  title: string;
  body: string;
  /** `'all'` or the roles addressed. */
  audience: 'all' | RoleKind[];
  startsAt: string;
  endsAt: string;
  createdAt: string;
  postedBy: { id: string; name: string } | null;
  state: NoticeState;
  withdrawnAt: string | null;
  /** How many users dismissed it so far. */
  dismissals: number;
}

export interface PostNoticeAnswer extends Ok {
  message: string;
  notice: NoticeRecord;
}

/** `POST /api/admin/notices`: every notice, newest first. */
export type ListNoticesRequest = PageRequest;
export interface ListNoticesAnswer extends Ok {
  data: NoticeRecord[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/admin/notices/withdraw`, `POST /api/user/notices/dismiss`. */
export interface NoticeIdRequest {
  id: string;
}

export interface WithdrawNoticeAnswer extends Ok {
  message: string;
  notice: NoticeRecord;
}

/** A notice as the dashboard shows it. */
export interface ActiveNotice {
  id: string;
  title: string;
  body: string;
  startsAt: string;
  endsAt: string;
}

/** `POST /api/user/notices`: the caller's live notices not dismissed, newest first. */
export interface ActiveNoticesAnswer extends Ok {
  data: ActiveNotice[];
}

/** `POST /api/user/complaints/raise`: a general ticket, or about one of the caller's transactions. */
export interface RaiseComplaintRequest {
  subject: string;
  text: string;
  transactionId?: string | null;
}

/** The transaction a complaint is about, as it was when the complaint was raised. */
export interface ComplaintTransaction {
  id: string;
  type: string;
  status: string;
  /** Rupees. */
  amount: number;
  orderId: string | null;
  createdAt: string;
}

export interface ComplaintSummary {
  id: string;
  /** `C-000123`: what the user quotes on the phone. */
  number: string;
  subject: string;
  status: ComplaintStatus;
  transaction: ComplaintTransaction | null;
  raisedBy: { id: string; name: string; mobile: string; role: string };
  assignedTo: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Who wrote last (a note does not count): staff means the user has an answer to read. */
  lastFrom: 'user' | 'staff';
  /** The Bharat BillPay side when the complaint was registered with BBPS (issue 27); else null. */
  bbps: BbpsComplaintFacts | null;
}

export interface ComplaintMessage {
  id: string;
  from: 'user' | 'staff';
  /** `id` is null for what Bharat BillPay said (a resolution found by status enquiry). */
  author: { id: string | null; name: string };
  text: string;
  /** A staff note: only admins ever receive these. */
  note: boolean;
  /** What the message did, when it changed the status: `resolve`, `reopen`, `assign`. */
  action: string | null;
  createdAt: string;
}

export interface ComplaintDetail extends ComplaintSummary {
  messages: ComplaintMessage[];
}

export interface RaiseComplaintAnswer extends Ok {
  message: string;
  complaint: ComplaintDetail;
}

/** `POST /api/user/complaints` (own) and `POST /api/admin/complaints` (the queue). */
export interface ListComplaintsRequest extends PageRequest {
  status?: ComplaintStatusFilter;
}

export interface ListComplaintsAnswer extends Ok {
  data: ComplaintSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** The queue also names the admins a complaint can be assigned to. */
export interface ComplaintQueueAnswer extends ListComplaintsAnswer {
  assignees: { id: string; name: string }[];
}

/** `POST /api/user/complaint`, `POST /api/admin/complaint`. */
export interface ComplaintIdRequest {
  id: string;
}

export interface ComplaintAnswer extends Ok {
  complaint: ComplaintDetail;
}

/** `POST /api/user/complaints/act`: reply (text required) or reopen a resolved one. */
export interface UserComplaintActRequest {
  id: string;
  action: UserComplaintAction;
  text?: string | null;
}

/** `POST /api/admin/complaints/act`; `assigneeId` for assign; text required for reply and note. */
export interface StaffComplaintActRequest {
  id: string;
  action: StaffComplaintAction;
  text?: string | null;
  assigneeId?: string | null;
}

export interface ComplaintActAnswer extends Ok {
  message: string;
  complaint: ComplaintDetail;
}

/** `complaint.updated` over the socket: to its user when staff acted, to the admins when the user did. */
export interface ComplaintUpdated {
  id: string;
  number: string;
  status: ComplaintStatus;
  /** Who acted. */
  by: 'user' | 'staff';
  action: string;
}
