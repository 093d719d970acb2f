import { describe, expect, it } from '@jest/globals';
import {
  checkComplaintSubject,
  checkComplaintText,
  checkOptionalComplaintText,
  checkComplaintStatusFilter,
  checkStaffComplaintAction,
  complaintActions,
  complaintTransition,
  COMPLAINT_STATUSES,
  COMPLAINT_TEXT_MAX,
  type ComplaintStatus,
} from './complaints.js';

describe('the complaint machine', () => {
  it.each([
    ['open', 'staff', 'assign', 'in_progress'],
    ['open', 'staff', 'reply', 'in_progress'],
    ['open', 'staff', 'resolve', 'resolved'],
    ['open', 'user', 'reply', 'open'],
    ['in_progress', 'user', 'reply', 'in_progress'],
    ['in_progress', 'staff', 'resolve', 'resolved'],
    ['resolved', 'user', 'reopen', 'reopened'],
    ['resolved', 'staff', 'reopen', 'reopened'],
    ['reopened', 'staff', 'reply', 'in_progress'],
    ['reopened', 'user', 'reply', 'reopened'],
    ['reopened', 'staff', 'resolve', 'resolved'],
  ] as const)('%s --%s %s--> %s', (from, actor, action, to) => {
    expect(complaintTransition(from, actor, action)).toBe(to);
  });

  it.each([
    ['resolved', 'staff', 'resolve'],
    ['resolved', 'user', 'reply'],
    ['resolved', 'staff', 'reply'],
    ['resolved', 'staff', 'assign'],
    ['open', 'user', 'reopen'],
    ['in_progress', 'staff', 'reopen'],
    ['reopened', 'user', 'reopen'],
    ['open', 'user', 'resolve'],
    ['open', 'user', 'note'],
  ] as const)('refuses %s --%s %s', (from, actor, action) => {
    expect(complaintTransition(from, actor, action)).toBeUndefined();
  });

  it('lets staff write a note in every status without changing it', () => {
    for (const status of COMPLAINT_STATUSES) {
      expect(complaintTransition(status, 'staff', 'note')).toBe(status);
    }
  });

  it('resolving twice is refused, so of two racing resolutions one wins', () => {
    const once = complaintTransition('in_progress', 'staff', 'resolve')!;
    expect(complaintTransition(once, 'staff', 'resolve')).toBeUndefined();
  });

  it('names the buttons each side may press', () => {
    const buttons = (status: ComplaintStatus) => ({
      user: complaintActions(status, 'user'),
      staff: complaintActions(status, 'staff'),
    });
    expect(buttons('open')).toEqual({
      user: ['reply'],
      staff: ['assign', 'reply', 'note', 'resolve'],
    });
    expect(buttons('resolved')).toEqual({ user: ['reopen'], staff: ['note', 'reopen'] });
  });
});

describe('complaint input', () => {
  it('trims and bounds the subject', () => {
    expect(checkComplaintSubject('  Money not received ')).toEqual({
      ok: true,
      value: 'Money not received',
    });
    expect(checkComplaintSubject('ab')).toMatchObject({ ok: false });
    expect(checkComplaintSubject('x'.repeat(121))).toMatchObject({ ok: false });
    expect(checkComplaintSubject(42)).toEqual({ ok: false, message: 'Subject must be text.' });
    expect(checkComplaintSubject(undefined)).toEqual({
      ok: false,
      message: 'Please write a subject.',
    });
  });

  it('bounds the text and refuses control characters', () => {
    expect(checkComplaintText('x'.repeat(COMPLAINT_TEXT_MAX)).ok).toBe(true);
    expect(checkComplaintText('x'.repeat(COMPLAINT_TEXT_MAX + 1)).ok).toBe(false);
    expect(checkComplaintText('a\u0000b').ok).toBe(false);
    expect(checkComplaintText('   ')).toEqual({
      ok: false,
      message: 'Please describe the problem.',
    });
    expect(checkOptionalComplaintText('  ')).toEqual({ ok: true, value: null });
    expect(checkOptionalComplaintText(['x']).ok).toBe(false);
  });

  it('knows the status filters and staff actions', () => {
    expect(checkComplaintStatusFilter(undefined)).toEqual({ ok: true, value: 'all' });
    expect(checkComplaintStatusFilter('resolved')).toEqual({ ok: true, value: 'resolved' });
    expect(checkComplaintStatusFilter('closed').ok).toBe(false);
    expect(checkStaffComplaintAction('delete').ok).toBe(false);
  });
});
