import {
  CallbackHandlingMessages,
  CallbackRequestMessages,
  checkCallbackNote,
  checkCallbackStatus,
  isUuid,
  pagingOf,
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

/** The admin's call-back list: pages of up to 100, 20 by default. */
export const callbackPaging = pagingOf(CALLBACK_PAGE_SIZE_MAX, CALLBACK_PAGE_SIZE_DEFAULT);

/** The call-back box's own words and the admin list's paging words, all from libs/domain. */
export const CallbackMessages = {
  ...CallbackRequestMessages,
  ...callbackPaging.messages,
} as const;

export class RequestCallbackDto implements CallbackRequestRequest {
  @Satisfies(checkCallbackName)
  name!: string;

  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkCallbackMessage)
  message?: string | null;
}

export class ListCallbackRequestsDto implements ListCallbackRequestsRequest {
  @Satisfies(callbackPaging.checkPage)
  page?: number | string;

  @Satisfies(callbackPaging.checkPageSize)
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
