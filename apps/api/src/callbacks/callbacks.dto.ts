import {
  CallbackHandlingMessages,
  CallbackRequestMessages,
  checkCallbackNote,
  checkCallbackStatus,
  isUuid,
  wholeNumberIn,
  type CallbackRequestRecord,
  type CallbackStatusFilter,
  type HandleCallbackRequest,
  checkCallbackMessage,
  checkCallbackName,
  checkMobile,
  fail,
  pass,
  type Check,
  type CallbackRequestRequest,
  type ListCallbackRequestsRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import type { CallbackRequest } from './callback-requests.repository.js';

export const CALLBACK_PAGE_SIZE_MAX = 100;
export const CALLBACK_PAGE_SIZE_DEFAULT = 20;

/** The call-back box's own words live in libs/domain; the admin list's paging words here. */
export const CallbackMessages = {
  ...CallbackRequestMessages,
  pageInvalid: 'Page must be a whole number, at least 1.',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${CALLBACK_PAGE_SIZE_MAX}.`,
} as const;

export function checkPage(value: unknown): Check<number> {
  const page = wholeNumberIn(value, Number.MAX_SAFE_INTEGER, 1);
  return page === null ? fail(CallbackMessages.pageInvalid) : pass(page);
}

export function checkPageSize(value: unknown): Check<number> {
  const size = wholeNumberIn(value, CALLBACK_PAGE_SIZE_MAX, CALLBACK_PAGE_SIZE_DEFAULT);
  return size === null ? fail(CallbackMessages.pageSizeInvalid) : pass(size);
}

/** Reads a checked value once validation has let the body through. */
export function valueOf<T>(check: Check<T>): T {
  if (!check.ok) throw new Error(`valueOf a refused check: ${check.message}`);
  return check.value;
}

export class RequestCallbackDto implements CallbackRequestRequest {
  @Satisfies(checkCallbackName)
  name!: string;

  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkCallbackMessage)
  message?: string | null;
}

export class ListCallbackRequestsDto implements ListCallbackRequestsRequest {
  @Satisfies(checkPage)
  page?: number | string;

  @Satisfies(checkPageSize)
  pageSize?: number | string;

  @Satisfies(checkCallbackStatus)
  status?: CallbackStatusFilter;
}

export function checkCallbackId(value: unknown): Check<string> {
  return typeof value === 'string' && isUuid(value)
    ? pass(value.toLowerCase())
    : fail(CallbackHandlingMessages.idInvalid);
}

export class HandleCallbackDto implements HandleCallbackRequest {
  @Satisfies(checkCallbackId)
  id!: string;

  @Satisfies(checkCallbackNote)
  note!: string;
}

export function toCallbackRequestRecord(request: CallbackRequest): CallbackRequestRecord {
  return {
    id: request.id,
    name: request.name,
    mobile: request.mobile,
    message: request.message,
    ip: request.ip,
    createdAt: request.createdAt.toISOString(),
    handledAt: request.handledAt?.toISOString() ?? null,
    handledBy:
      request.handledById !== null
        ? { id: request.handledById, name: request.handledByName ?? '' }
        : null,
    handledNote: request.handledNote,
  };
}
