import { fail, pass, type Check } from './check.js';
import { ADMIN_AREA_KINDS, isRoleKind, type RoleKind } from './roles.js';
import { isSafeText } from './text.js';

/**
 * Post Notice (`/admin/postNotice`, issue 14): an admin's notice to the admin area, to every
 * role or some, shown from its start to its end (India time) until each user dismisses it
 * (docs/decisions.md, "Issue 14: notices and complaints").
 */
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_BODY_MAX = 1000;
/** The longest a notice may stay up, and how far ahead one may be scheduled. */
export const NOTICE_MAX_DAYS = 90;
export const NOTICE_MAX_LEAD_DAYS = 365;

/** Who may be addressed: the roles of the admin area (partners have their own area). */
export const NOTICE_AUDIENCE_KINDS: readonly RoleKind[] = ADMIN_AREA_KINDS;
export type NoticeAudience = 'all' | RoleKind[];

export const NoticeMessages = {
  titleRequired: 'Please write a title.',
  titleTooLong: `Title must be at most ${NOTICE_TITLE_MAX} characters.`,
  bodyRequired: 'Please write the notice.',
  bodyTooLong: `Notice must be at most ${NOTICE_BODY_MAX} characters.`,
  notText: (field: string) => `${field} must be text.`,
  unsafe: (field: string) =>
    `${field} contains characters that are not allowed (control characters or broken Unicode).`,
  audienceInvalid: 'Audience must be "all" or a list of roles such as ["distributor"].',
  audienceEmpty: 'Please choose at least one role, or everyone.',
  startInvalid: 'Please give the start as a date and time (YYYY-MM-DDTHH:mm, India time).',
  endInvalid: 'Please give the end as a date and time (YYYY-MM-DDTHH:mm, India time).',
  endBeforeStart: 'The end must be after the start.',
  endPassed: 'The end must be in the future.',
  tooLong: `A notice may stay up at most ${NOTICE_MAX_DAYS} days.`,
  tooFarAhead: `The start must be within ${NOTICE_MAX_LEAD_DAYS} days from now.`,
  idInvalid: 'Notice id must be a valid id.',
  notFound: 'Notice not found.',
  posted: 'Notice posted.',
  withdrawn: 'Notice withdrawn.',
  alreadyWithdrawn: 'This notice was already withdrawn.',
  dismissed: 'Notice dismissed.',
} as const;

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:mm` read as India's wall clock (UTC+05:30 all year); null when not one. */
export function parseIndiaDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = INDIA_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(utc);
  // Refuses 2026-02-30 or 24:00, which Date.UTC would roll over.
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return null;
  }
  return new Date(utc - IST_OFFSET_MS);
}

/** A moment as India's wall clock, `YYYY-MM-DDTHH:mm` (the form's and the list's spelling). */
export function formatIndiaDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

function checkBoundedText(
  value: unknown,
  field: string,
  max: number,
  required: string,
  tooLong: string,
): Check<string> {
  if (value === undefined || value === null) return fail(required);
  if (typeof value !== 'string') return fail(NoticeMessages.notText(field));
  if (!isSafeText(value)) return fail(NoticeMessages.unsafe(field));
  const text = value.trim();
  if (text === '') return fail(required);
  if (text.length > max) return fail(tooLong);
  return pass(text);
}

export function checkNoticeTitle(value: unknown): Check<string> {
  return checkBoundedText(
    value,
    'Title',
    NOTICE_TITLE_MAX,
    NoticeMessages.titleRequired,
    NoticeMessages.titleTooLong,
  );
}

export function checkNoticeBody(value: unknown): Check<string> {
  return checkBoundedText(
    value,
    'Notice',
    NOTICE_BODY_MAX,
    NoticeMessages.bodyRequired,
    NoticeMessages.bodyTooLong,
  );
}

/** `'all'`, or roles of the admin area, each once (sorted, so equal audiences compare equal). */
export function checkNoticeAudience(value: unknown): Check<NoticeAudience> {
  if (value === 'all') return pass('all');
  if (!Array.isArray(value)) return fail(NoticeMessages.audienceInvalid);
  if (value.length === 0) return fail(NoticeMessages.audienceEmpty);
  if (value.length > NOTICE_AUDIENCE_KINDS.length * 2) return fail(NoticeMessages.audienceInvalid);
  const kinds = new Set<RoleKind>();
  for (const kind of value) {
    if (!isRoleKind(kind) || !NOTICE_AUDIENCE_KINDS.includes(kind)) {
      return fail(NoticeMessages.audienceInvalid);
    }
    kinds.add(kind);
  }
  if (kinds.size === NOTICE_AUDIENCE_KINDS.length) return pass('all');
  return pass(NOTICE_AUDIENCE_KINDS.filter((kind) => kinds.has(kind)));
}

export function checkNoticeStart(value: unknown): Check<string> {
  return parseIndiaDateTime(value) ? pass(value as string) : fail(NoticeMessages.startInvalid);
}

export function checkNoticeEnd(value: unknown): Check<string> {
  return parseIndiaDateTime(value) ? pass(value as string) : fail(NoticeMessages.endInvalid);
}

/**
 * The window of a notice, both ends India's wall clock: the end after the start and still to
 * come, at most NOTICE_MAX_DAYS long, starting within NOTICE_MAX_LEAD_DAYS. A start in the past
 * is allowed (the form's "now" is a minute old by the time it is sent).
 */
export function checkNoticeWindow(
  start: string,
  end: string,
  now: Date,
): Check<{ startsAt: Date; endsAt: Date }> {
  const startsAt = parseIndiaDateTime(start);
  if (!startsAt) return fail(NoticeMessages.startInvalid);
  const endsAt = parseIndiaDateTime(end);
  if (!endsAt) return fail(NoticeMessages.endInvalid);
  if (endsAt.getTime() <= startsAt.getTime()) return fail(NoticeMessages.endBeforeStart);
  if (endsAt.getTime() <= now.getTime()) return fail(NoticeMessages.endPassed);
  if (endsAt.getTime() - startsAt.getTime() > NOTICE_MAX_DAYS * DAY_MS) {
    return fail(NoticeMessages.tooLong);
  }
  if (startsAt.getTime() - now.getTime() > NOTICE_MAX_LEAD_DAYS * DAY_MS) {
    return fail(NoticeMessages.tooFarAhead);
  }
  return pass({ startsAt, endsAt });
}

/** Where a notice stands at a moment: shown only while `live`. */
export type NoticeState = 'scheduled' | 'live' | 'ended' | 'withdrawn';

export function noticeState(
  notice: { startsAt: Date; endsAt: Date; withdrawnAt: Date | null },
  now: Date,
): NoticeState {
  if (notice.withdrawnAt) return 'withdrawn';
  if (now.getTime() < notice.startsAt.getTime()) return 'scheduled';
  if (now.getTime() >= notice.endsAt.getTime()) return 'ended';
  return 'live';
}

/** Does the audience include this role? */
export function noticeReaches(audience: NoticeAudience, kind: RoleKind): boolean {
  return audience === 'all' ? NOTICE_AUDIENCE_KINDS.includes(kind) : audience.includes(kind);
}
