import { describe, expect, it } from '@jest/globals';
import {
  bbpsComplaintSubject,
  BbpsComplaintMessages,
  checkBbpsComplaintDescription,
  checkBbpsDisposition,
  checkBbpsServiceParty,
  checkBbpsServiceReason,
  checkOptionalBbpsBillerId,
} from './complaints.js';
import { BBPS_SERVICE_REASONS, BBPS_TRANSACTION_DISPOSITIONS } from './payments.js';

describe('BBPS complaint checks', () => {
  it('takes every BBPS disposition verbatim and refuses anything else', () => {
    for (const disposition of BBPS_TRANSACTION_DISPOSITIONS) {
      expect(checkBbpsDisposition(disposition)).toEqual({ ok: true, value: disposition });
    }
    for (const wrong of ['', 'amount deducted multiple times', 7, null, BBPS_SERVICE_REASONS[0]]) {
      expect(checkBbpsDisposition(wrong)).toEqual({
        ok: false,
        message: BbpsComplaintMessages.dispositionInvalid,
      });
    }
  });

  it('takes a service reason and a party of BBPS’s lists only', () => {
    expect(checkBbpsServiceReason('Agent overcharging').ok).toBe(true);
    expect(checkBbpsServiceReason(BBPS_TRANSACTION_DISPOSITIONS[0]).ok).toBe(false);
    expect(checkBbpsServiceParty('biller').ok).toBe(true);
    expect(checkBbpsServiceParty('customer')).toEqual({
      ok: false,
      message: BbpsComplaintMessages.partyInvalid,
    });
  });

  it('wants a description of at most 2000 safe characters, trimmed', () => {
    expect(checkBbpsComplaintDescription('  Paid twice. ')).toEqual({
      ok: true,
      value: 'Paid twice.',
    });
    expect(checkBbpsComplaintDescription('   ').ok).toBe(false);
    expect(checkBbpsComplaintDescription('x'.repeat(2001))).toEqual({
      ok: false,
      message: BbpsComplaintMessages.descriptionTooLong,
    });
    expect(checkBbpsComplaintDescription('bad \u0000 byte').ok).toBe(false);
  });

  it('lets a biller id be left out, and refuses one that cannot be a biller id', () => {
    expect(checkOptionalBbpsBillerId(undefined)).toEqual({ ok: true, value: null });
    expect(checkOptionalBbpsBillerId(' DHBVN0000HAR01 ')).toEqual({
      ok: true,
      value: 'DHBVN0000HAR01',
    });
    expect(checkOptionalBbpsBillerId('DHBVN; DROP').ok).toBe(false);
  });

  it('makes a subject of at most 120 characters from the disposition', () => {
    expect(bbpsComplaintSubject('service', 'Agent misbehaved')).toBe(
      'BBPS service: Agent misbehaved',
    );
    expect(bbpsComplaintSubject('transaction', 'x'.repeat(200))).toHaveLength(120);
  });
});
