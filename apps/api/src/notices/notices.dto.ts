import {
  checkNoticeAudience,
  checkNoticeBody,
  checkNoticeEnd,
  checkNoticeStart,
  checkNoticeTitle,
  fail,
  formatIndiaDateTime,
  isUuid,
  noticeState,
  NoticeMessages,
  pagingOf,
  pass,
  type ActiveNotice,
  type Check,
  type ListNoticesRequest,
  type NoticeAudience,
  type NoticeIdRequest,
  type NoticeRecord,
  type PostNoticeRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import type { Notice } from './notices.repository.js';

/** The admin's notice list: pages of up to 100, 20 by default. */
export const noticesPaging = pagingOf(100, 20);

export class PostNoticeDto implements PostNoticeRequest {
  @Satisfies(checkNoticeTitle)
  title!: string;

  @Satisfies(checkNoticeBody)
  body!: string;

  @Satisfies(checkNoticeAudience)
  audience!: NoticeAudience;

  @Satisfies(checkNoticeStart)
  startsAt!: string;

  @Satisfies(checkNoticeEnd)
  endsAt!: string;
}

export class ListNoticesDto implements ListNoticesRequest {
  @Satisfies(noticesPaging.checkPage)
  page?: number | string;

  @Satisfies(noticesPaging.checkPageSize)
  pageSize?: number | string;
}

export function checkNoticeId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value.toLowerCase()) : fail(NoticeMessages.idInvalid);
}

export class NoticeIdDto implements NoticeIdRequest {
  @Satisfies(checkNoticeId)
  id!: string;
}

export function toNoticeRecord(notice: Notice, now: Date): NoticeRecord {
  return {
    id: notice.id,
    title: notice.title,
    body: notice.body,
    audience: notice.audience ?? 'all',
    startsAt: notice.startsAt.toISOString(),
    endsAt: notice.endsAt.toISOString(),
    createdAt: notice.createdAt.toISOString(),
    postedBy: { id: notice.createdById, name: notice.createdByName ?? '' },
    state: noticeState(notice, now),
    withdrawnAt: notice.withdrawnAt?.toISOString() ?? null,
    dismissals: notice.dismissals,
  };
}

export function toActiveNotice(notice: Notice): ActiveNotice {
  return {
    id: notice.id,
    title: notice.title,
    body: notice.body,
    startsAt: notice.startsAt.toISOString(),
    endsAt: notice.endsAt.toISOString(),
  };
}

/** For messages and logs: a window in India's wall clock. */
export const indiaWindow = (notice: Pick<Notice, 'startsAt' | 'endsAt'>) =>
  `${formatIndiaDateTime(notice.startsAt)} to ${formatIndiaDateTime(notice.endsAt)} IST`;
