import { describe, expect, it } from '@jest/globals';
import {
  AuditLogMessages,
  auditLogRange,
  auditMapUrl,
  checkAuditAction,
  checkAuditDay,
  checkAuditPerson,
  redactAuditDetails,
} from './audit-logs.js';

describe('Logs filters', () => {
  it('takes a mobile in its usual spellings or a user id as a person', () => {
    expect(checkAuditPerson('+91 98765 43210')).toEqual({ ok: true, value: '9876543210' });
    expect(checkAuditPerson('09876543210')).toEqual({ ok: true, value: '9876543210' });
    const id = '5BDB6DCC-4AD7-4BA7-9EF5-6E2DB370953D';
    expect(checkAuditPerson(id)).toEqual({ ok: true, value: id.toLowerCase() });
    expect(checkAuditPerson('  ')).toEqual({ ok: true, value: undefined });
    expect(checkAuditPerson('12345')).toEqual({
      ok: false,
      message: AuditLogMessages.personInvalid,
    });
  });

  it('knows only the recorded actions and real calendar days', () => {
    expect(checkAuditAction('user.deactivate').ok).toBe(true);
    expect(checkAuditAction('toString').ok).toBe(false);
    expect(checkAuditDay('2026-02-29').ok).toBe(false);
    expect(checkAuditDay('2028-02-29').ok).toBe(true);
  });

  it('fills in the last week in India and refuses a backwards or too long range', () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in India.
    const now = new Date('2026-12-31T20:00:00Z');
    expect(auditLogRange(undefined, undefined, now)).toEqual({
      ok: true,
      value: { from: '2026-12-26', to: '2027-01-01' },
    });
    expect(auditLogRange('2026-01-10', undefined, now)).toEqual({
      ok: true,
      value: { from: '2026-01-10', to: '2026-01-16' },
    });
    expect(auditLogRange('2026-01-01', '2026-04-02').ok).toBe(true); // 92 days
    expect(auditLogRange('2026-01-01', '2026-04-03')).toEqual({
      ok: false,
      message: AuditLogMessages.rangeTooLong,
    });
    expect(auditLogRange('2026-01-02', '2026-01-01')).toEqual({
      ok: false,
      message: AuditLogMessages.rangeBackwards,
    });
  });

  it('hides secrets at any depth and keeps the rest', () => {
    expect(
      redactAuditDetails({
        pin: '1234',
        newPassword: 'x',
        list: [{ otp: '123456', n: 1 }],
        set: { pin: true },
        linkTokenId: 'id-1',
      }),
    ).toEqual({
      pin: '[hidden]',
      newPassword: '[hidden]',
      list: [{ otp: '[hidden]', n: 1 }],
      set: { pin: true },
      linkTokenId: 'id-1',
    });
    expect(redactAuditDetails(null)).toEqual({});
  });

  it('links the map only with both coordinates', () => {
    expect(auditMapUrl('18.520400', '73.856700')).toBe(
      'https://www.google.com/maps/search/?api=1&query=18.520400,73.856700',
    );
    expect(auditMapUrl('null', '73.8')).toBeNull();
    expect(auditMapUrl(null, null)).toBeNull();
  });
});
