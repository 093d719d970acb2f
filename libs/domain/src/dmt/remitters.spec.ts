import { describe, expect, it } from '@jest/globals';
import { Messages } from '../messages.js';
import {
  checkCustomerOtp,
  checkDateOfBirth,
  checkDmtBeneficiary,
  checkPinCode,
  checkRemitterDocument,
  checkRemitterRegistration,
  customerOtpBinding,
  CustomerOtpRules,
  DmtMessages,
  documentLast4,
  mayActInDmt,
  mayReadDmt,
  remitterIsRegistered,
} from './remitters.js';

// 10:00 IST on 28 Nov 2026 is 04:30 UTC; 23:00 IST on 27 Nov is 17:30 UTC the same day.
const NOW = new Date('2026-11-28T04:30:00Z');

const valid = {
  mobile: '9876543210',
  name: '  Ramesh   Kumar ',
  dateOfBirth: '1990-04-21',
  address: '12 Gandhi Nagar, Patna',
  pinCode: '800001',
  documentType: 'voterId',
  documentNumber: 'abc 1234567',
};

describe('checkRemitterRegistration', () => {
  it('accepts a full registration, normalised', () => {
    expect(checkRemitterRegistration(valid, NOW)).toEqual({
      ok: true,
      value: {
        mobile: '9876543210',
        name: 'Ramesh Kumar',
        dateOfBirth: '1990-04-21',
        address: '12 Gandhi Nagar, Patna',
        pinCode: '800001',
        documentType: 'voterId',
        documentNumber: 'ABC1234567',
      },
    });
  });

  it.each([
    [{ mobile: '12345' }, Messages.mobileTenDigits],
    [{ name: '' }, 'Please input name!'],
    [{ name: 'R2-D2' }, DmtMessages.remitterNameInvalid],
    [{ dateOfBirth: '' }, DmtMessages.dateOfBirthRequired],
    [{ dateOfBirth: '21/04/1990' }, DmtMessages.dateOfBirthInvalid],
    [{ dateOfBirth: '1990-02-30' }, DmtMessages.dateOfBirthInvalid],
    [{ address: 'Patna' }, DmtMessages.addressLength],
    [{ address: 'x'.repeat(201) }, DmtMessages.addressLength],
    [{ address: '12 Gandhi\u0000 Nagar' }, DmtMessages.addressInvalid],
    [{ pinCode: '012345' }, DmtMessages.pinCodeInvalid],
    [{ pinCode: '80001' }, DmtMessages.pinCodeInvalid],
    [{ pinCode: undefined }, DmtMessages.pinCodeRequired],
    [{ documentType: 'aadhaar' }, DmtMessages.documentTypeInvalid],
    [{ documentType: undefined }, DmtMessages.documentTypeRequired],
    [{ documentNumber: ' ' }, DmtMessages.documentNumberRequired],
  ])('refuses %j with %j', (change, message) => {
    expect(checkRemitterRegistration({ ...valid, ...change }, NOW)).toEqual({ ok: false, message });
  });
});

describe('checkDateOfBirth', () => {
  it('counts 18 years on India’s calendar day, not the server’s', () => {
    // 23:30 IST on 27 Nov 2026 is still 27 Nov in India (18:00 UTC).
    const lateEvening = new Date('2026-11-27T18:00:00Z');
    expect(checkDateOfBirth('2008-11-27', lateEvening).ok).toBe(true);
    expect(checkDateOfBirth('2008-11-28', lateEvening)).toEqual({
      ok: false,
      message: DmtMessages.notAdult,
    });
    // 00:30 IST on 28 Nov is 19:00 UTC on the 27th: in India the birthday has come.
    const afterMidnight = new Date('2026-11-27T19:00:00Z');
    expect(checkDateOfBirth('2008-11-28', afterMidnight).ok).toBe(true);
  });

  it('refuses a future date and an age over 120', () => {
    expect(checkDateOfBirth('2026-11-29', NOW).ok).toBe(false);
    expect(checkDateOfBirth('1900-01-01', NOW)).toEqual({
      ok: false,
      message: DmtMessages.dateOfBirthTooOld,
    });
  });

  it('takes someone born on 29 February as 18 on 28 February of a common year', () => {
    const feb28 = new Date('2026-02-28T04:30:00Z');
    expect(checkDateOfBirth('2008-02-29', feb28).ok).toBe(false);
    expect(checkDateOfBirth('2008-02-28', feb28).ok).toBe(true);
  });
});

describe('checkRemitterDocument', () => {
  it.each([
    ['passport', 'k1234567', 'K1234567'],
    ['drivingLicence', 'MH-12-20110012345', 'MH1220110012345'],
    ['voterId', 'ABC1234567', 'ABC1234567'],
    ['nregaJobCard', 'BR-01-001-002-003/45', 'BR01001002003/45'],
    ['nprLetter', 'NPR/2021/123456', 'NPR/2021/123456'],
  ])('accepts a %s number, normalised', (type, number, stored) => {
    expect(checkRemitterDocument(type, number)).toEqual({
      ok: true,
      value: { documentType: type, documentNumber: stored },
    });
  });

  it.each(['passport', 'drivingLicence', 'voterId', 'nregaJobCard', 'nprLetter'])(
    'refuses a 12-digit (Aadhaar-like) number as a %s, without repeating it',
    (type) => {
      const answer = checkRemitterDocument(type, '2345 6789 0123');
      expect(answer).toEqual({ ok: false, message: DmtMessages.aadhaarRefused });
      expect(JSON.stringify(answer)).not.toContain('2345');
    },
  );

  it('refuses a number that does not fit its document', () => {
    expect(checkRemitterDocument('passport', '12345678')).toEqual({
      ok: false,
      message: 'That does not look like a valid passport number.',
    });
    expect(checkRemitterDocument('voterId', 'AB12345678').ok).toBe(false);
  });

  it('keeps the last 4 characters in clear', () => {
    expect(documentLast4('ABC1234567')).toBe('4567');
  });
});

describe('checkPinCode', () => {
  it('takes 6 digits not starting with 0', () => {
    expect(checkPinCode('110001')).toEqual({ ok: true, value: '110001' });
    expect(checkPinCode(110001).ok).toBe(false);
  });
});

describe('checkDmtBeneficiary', () => {
  const beneficiary = {
    name: 'Sita Devi',
    bankName: 'State Bank of India',
    ifsc: 'sbin 0001234',
    accountNumber: '1234 5678 9012',
  };

  it('reuses the payout beneficiary’s IFSC and account number rules', () => {
    expect(checkDmtBeneficiary(beneficiary)).toEqual({
      ok: true,
      value: {
        name: 'Sita Devi',
        bankName: 'State Bank of India',
        ifsc: 'SBIN0001234',
        accountNumber: '123456789012',
      },
    });
    expect(checkDmtBeneficiary({ ...beneficiary, ifsc: 'SBIN1234' })).toEqual({
      ok: false,
      message: Messages.ifscInvalid,
    });
    expect(checkDmtBeneficiary({ ...beneficiary, accountNumber: '12' })).toEqual({
      ok: false,
      message: Messages.accountNumberInvalid,
    });
    expect(checkDmtBeneficiary({ ...beneficiary, bankName: ' ' })).toEqual({
      ok: false,
      message: DmtMessages.bankNameRequired,
    });
    expect(checkDmtBeneficiary({ ...beneficiary, name: 'Sita <b>' })).toEqual({
      ok: false,
      message: DmtMessages.beneficiaryNameInvalid,
    });
  });
});

describe('customer OTPs', () => {
  it('has the RBI-era rules: 6 digits, 5 minutes, 3 tries, 3 sends in 15 minutes', () => {
    expect(CustomerOtpRules).toEqual({
      digits: 6,
      ttlMs: 300_000,
      maxAttempts: 3,
      sendsPerWindow: 3,
      sendWindowMs: 900_000,
    });
  });

  it('binds a transfer to its beneficiary, amount and mode', () => {
    expect(customerOtpBinding.transfer('b-1', 500_000, 'IMPS')).toBe('b-1:500000:IMPS');
    expect(customerOtpBinding.refund('t-1')).toBe('t-1');
  });

  it('takes exactly 6 digits', () => {
    expect(checkCustomerOtp(' 012345 ')).toEqual({ ok: true, value: '012345' });
    expect(checkCustomerOtp('12345')).toEqual({ ok: false, message: DmtMessages.otpInvalid });
    expect(checkCustomerOtp(123456)).toEqual({ ok: false, message: DmtMessages.otpRequired });
  });
});

describe('who may use DMT', () => {
  it('lets holders of the service act and admins read', () => {
    expect(mayActInDmt(['dmt'])).toBe(true);
    expect(mayActInDmt(['payout'])).toBe(false);
    expect(mayReadDmt('admin', [])).toBe(true);
    expect(mayReadDmt('employee2', ['wallet'])).toBe(false);
    expect(remitterIsRegistered('otpPending')).toBe(false);
    expect(remitterIsRegistered('ekycDone')).toBe(true);
  });
});
