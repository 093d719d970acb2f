import { fail, pass, type Check } from './check.js';
import { isSafeText } from './text.js';

/**
 * Complaints (issue 14): a user raises a ticket (`/admin/raiseTicket`, general or about one of
 * their own transactions), follows it in `/admin/my-complaints`; admins work the queue in
 * `/admin/complaints` (docs/decisions.md, "Issue 14: notices and complaints").
 *
 * The status is a small machine. Who acts: the user who raised it (`user`), an admin (`staff`).
 *
 * ```
 *   open ──assign / staff reply──▶ in_progress ──resolve──▶ resolved ──reopen──▶ reopened
 *     └───────────────resolve──────────────────────▲                               │
 *   reopened ──assign / staff reply──▶ in_progress; reopened ──resolve──▶ resolved ◀┘
 * ```
 *
 * A user's reply leaves the status as it is (it waits for staff either way); on a resolved
 * complaint nobody replies: it is reopened first. A staff note (never shown to the user) is
 * allowed in every status and changes nothing. Resolving or reopening twice is refused, so of
 * two admins resolving at once exactly one wins.
 */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved', 'reopened'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  reopened: 'Reopened',
};

export const USER_COMPLAINT_ACTIONS = ['reply', 'reopen'] as const;
export type UserComplaintAction = (typeof USER_COMPLAINT_ACTIONS)[number];
export const STAFF_COMPLAINT_ACTIONS = ['assign', 'reply', 'note', 'resolve', 'reopen'] as const;
export type StaffComplaintAction = (typeof STAFF_COMPLAINT_ACTIONS)[number];

export type ComplaintActor = 'user' | 'staff';
export type ComplaintAction = UserComplaintAction | StaffComplaintAction;

/** The status after the action, or undefined when the action is not allowed in this status. */
export function complaintTransition(
  status: ComplaintStatus,
  actor: ComplaintActor,
  action: ComplaintAction,
): ComplaintStatus | undefined {
  if (action === 'note') return actor === 'staff' ? status : undefined;
  if (action === 'reopen') return status === 'resolved' ? 'reopened' : undefined;
  if (status === 'resolved') return undefined;
  if (action === 'resolve') return actor === 'staff' ? 'resolved' : undefined;
  if (action === 'assign') return actor === 'staff' ? 'in_progress' : undefined;
  // A reply.
  return actor === 'staff' ? 'in_progress' : status;
}

/** What this actor may do now: the buttons a screen shows. */
export function complaintActions(
  status: ComplaintStatus,
  actor: ComplaintActor,
): ComplaintAction[] {
  const actions: readonly ComplaintAction[] =
    actor === 'user' ? USER_COMPLAINT_ACTIONS : STAFF_COMPLAINT_ACTIONS;
  return actions.filter((action) => complaintTransition(status, actor, action) !== undefined);
}

export const COMPLAINT_SUBJECT_MIN = 3;
export const COMPLAINT_SUBJECT_MAX = 120;
export const COMPLAINT_TEXT_MAX = 2000;
/** New complaints one user may raise per window (the Redis rate limiter, per user). */
export const COMPLAINT_LIMIT = { perUser: 5, windowSeconds: 60 * 60 } as const;
export const COMPLAINT_STATUS_FILTERS = ['all', ...COMPLAINT_STATUSES] as const;
export type ComplaintStatusFilter = (typeof COMPLAINT_STATUS_FILTERS)[number];

export const ComplaintMessages = {
  subjectRequired: 'Please write a subject.',
  subjectTooShort: `Subject must be at least ${COMPLAINT_SUBJECT_MIN} characters.`,
  subjectTooLong: `Subject must be at most ${COMPLAINT_SUBJECT_MAX} characters.`,
  textRequired: 'Please describe the problem.',
  textTooLong: `Text must be at most ${COMPLAINT_TEXT_MAX} characters.`,
  notText: (field: string) => `${field} must be text.`,
  unsafe: (field: string) =>
    `${field} contains characters that are not allowed (control characters or broken Unicode).`,
  idInvalid: 'Complaint id must be a valid id.',
  notFound: 'Complaint not found.',
  transactionNotFound: 'No transaction of yours has this id.',
  statusInvalid: `Status must be one of: ${COMPLAINT_STATUS_FILTERS.join(', ')}.`,
  actionInvalid: (actions: readonly string[]) => `Action must be one of: ${actions.join(', ')}.`,
  assigneeInvalid: 'Please choose an admin to assign it to.',
  assigneeNotAdmin: 'Complaints can be assigned to active admins only.',
  notAllowed: (action: string, status: ComplaintStatus) =>
    `This complaint is ${COMPLAINT_STATUS_LABELS[status].toLowerCase()}: it cannot be ${pastTense(action)} now.`,
  raised: 'Your complaint is registered. We will reply here.',
  done: {
    assign: 'Complaint assigned.',
    reply: 'Reply sent.',
    note: 'Note saved.',
    resolve: 'Complaint resolved.',
    reopen: 'Complaint reopened.',
  } satisfies Record<ComplaintAction, string>,
  tooMany: (minutes: number) =>
    `You have raised several complaints already. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reply to an open one.`,
} as const;

function pastTense(action: string): string {
  switch (action) {
    case 'reply':
      return 'replied to';
    case 'reopen':
      return 'reopened';
    case 'resolve':
      return 'resolved';
    case 'assign':
      return 'assigned';
    default:
      return `${action}d`;
  }
}

function checkBounded(
  value: unknown,
  field: string,
  min: number,
  max: number,
  messages: { required: string; short?: string; long: string },
): Check<string> {
  if (value === undefined || value === null) return fail(messages.required);
  if (typeof value !== 'string') return fail(ComplaintMessages.notText(field));
  if (!isSafeText(value)) return fail(ComplaintMessages.unsafe(field));
  const text = value.trim();
  if (text === '') return fail(messages.required);
  if (text.length < min) return fail(messages.short ?? messages.required);
  if (text.length > max) return fail(messages.long);
  return pass(text);
}

export function checkComplaintSubject(value: unknown): Check<string> {
  return checkBounded(value, 'Subject', COMPLAINT_SUBJECT_MIN, COMPLAINT_SUBJECT_MAX, {
    required: ComplaintMessages.subjectRequired,
    short: ComplaintMessages.subjectTooShort,
    long: ComplaintMessages.subjectTooLong,
  });
}

export function checkComplaintText(value: unknown): Check<string> {
  return checkBounded(value, 'Text', 1, COMPLAINT_TEXT_MAX, {
    required: ComplaintMessages.textRequired,
    long: ComplaintMessages.textTooLong,
  });
}

/** Text that may be left out (a reopen or a resolve may say why, or not). */
export function checkOptionalComplaintText(value: unknown): Check<string | null> {
  if (value === undefined || value === null || value === '') return pass(null);
  if (typeof value === 'string' && value.trim() === '') return pass(null);
  return checkComplaintText(value);
}

export function checkComplaintStatusFilter(value: unknown): Check<ComplaintStatusFilter> {
  if (value === undefined || value === null || value === '') return pass('all');
  return typeof value === 'string' &&
    (COMPLAINT_STATUS_FILTERS as readonly string[]).includes(value)
    ? pass(value as ComplaintStatusFilter)
    : fail(ComplaintMessages.statusInvalid);
}

export function checkUserComplaintAction(value: unknown): Check<UserComplaintAction> {
  return typeof value === 'string' && (USER_COMPLAINT_ACTIONS as readonly string[]).includes(value)
    ? pass(value as UserComplaintAction)
    : fail(ComplaintMessages.actionInvalid(USER_COMPLAINT_ACTIONS));
}

export function checkStaffComplaintAction(value: unknown): Check<StaffComplaintAction> {
  return typeof value === 'string' && (STAFF_COMPLAINT_ACTIONS as readonly string[]).includes(value)
    ? pass(value as StaffComplaintAction)
    : fail(ComplaintMessages.actionInvalid(STAFF_COMPLAINT_ACTIONS));
}
