import {
  checkComplaintStatusFilter,
  checkComplaintSubject,
  checkComplaintText,
  checkOptionalComplaintText,
  checkStaffComplaintAction,
  checkUserComplaintAction,
  ComplaintMessages,
  fail,
  isUuid,
  pagingOf,
  pass,
  type Check,
  type ComplaintDetail,
  type ComplaintIdRequest,
  type ComplaintStatusFilter,
  type ComplaintSummary,
  type ListComplaintsRequest,
  type RaiseComplaintRequest,
  type StaffComplaintAction,
  type StaffComplaintActRequest,
  type UserComplaintAction,
  type UserComplaintActRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import { checkRecordId } from '../transactions/transactions.dto.js';
import type { Complaint, ComplaintMessageRow } from './complaints.repository.js';

/** Complaint lists (the queue, My Complaints): pages of up to 100, 20 by default. */
export const complaintsPaging = pagingOf(100, 20);

export function checkComplaintId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value.toLowerCase()) : fail(ComplaintMessages.idInvalid);
}

function checkOptionalRecordId(value: unknown): Check<string | null> {
  if (value === undefined || value === null || value === '') return pass(null);
  return checkRecordId(value);
}

function checkOptionalAdminId(value: unknown): Check<string | null> {
  if (value === undefined || value === null || value === '') return pass(null);
  return isUuid(value) ? pass(value.toLowerCase()) : fail(ComplaintMessages.assigneeInvalid);
}

export class RaiseComplaintDto implements RaiseComplaintRequest {
  @Satisfies(checkComplaintSubject)
  subject!: string;

  @Satisfies(checkComplaintText)
  text!: string;

  @Satisfies(checkOptionalRecordId)
  transactionId?: string | null;
}

export class ListComplaintsDto implements ListComplaintsRequest {
  @Satisfies(complaintsPaging.checkPage)
  page?: number | string;

  @Satisfies(complaintsPaging.checkPageSize)
  pageSize?: number | string;

  @Satisfies(checkComplaintStatusFilter)
  status?: ComplaintStatusFilter;
}

export class ComplaintIdDto implements ComplaintIdRequest {
  @Satisfies(checkComplaintId)
  id!: string;
}

export class UserComplaintActDto implements UserComplaintActRequest {
  @Satisfies(checkComplaintId)
  id!: string;

  @Satisfies(checkUserComplaintAction)
  action!: UserComplaintAction;

  @Satisfies(checkOptionalComplaintText)
  text?: string | null;
}

export class StaffComplaintActDto implements StaffComplaintActRequest {
  @Satisfies(checkComplaintId)
  id!: string;

  @Satisfies(checkStaffComplaintAction)
  action!: StaffComplaintAction;

  @Satisfies(checkOptionalComplaintText)
  text?: string | null;

  @Satisfies(checkOptionalAdminId)
  assigneeId?: string | null;
}

export const complaintNumber = (number: number) => `C-${String(number).padStart(6, '0')}`;

export function toComplaintSummary(complaint: Complaint): ComplaintSummary {
  return {
    id: complaint.id,
    number: complaintNumber(complaint.number),
    subject: complaint.subject,
    status: complaint.status,
    transaction: complaint.transaction,
    raisedBy: {
      id: complaint.userId,
      name: complaint.userName,
      mobile: complaint.userMobile,
      role: complaint.userRole,
    },
    assignedTo:
      complaint.assignedToId !== null
        ? { id: complaint.assignedToId, name: complaint.assignedToName ?? '' }
        : null,
    createdAt: complaint.createdAt.toISOString(),
    updatedAt: complaint.updatedAt.toISOString(),
    lastFrom: complaint.lastFrom,
    bbps: complaint.bbps,
  };
}

export function toComplaintDetail(
  complaint: Complaint,
  messages: ComplaintMessageRow[],
): ComplaintDetail {
  return {
    ...toComplaintSummary(complaint),
    messages: messages.map((message) => ({
      id: message.id,
      from: message.from,
      author: { id: message.authorId, name: message.authorName },
      text: message.text,
      note: message.note,
      action: message.action,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
