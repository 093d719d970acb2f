import { describe, it, expect } from '@jest/globals';
import { checkAccountToVerify, checkBeneficiaryForm } from './beneficiary-form.js';
import { Messages } from './messages.js';

const valid = {
  bankName: 'State Bank of India',
  ifscCode: 'sbin0001234',
  accountNumber: '1234 5678 9012',
  name: '  Asha Verma ',
};

describe('checkBeneficiaryForm', () => {
  it('accepts a complete form and stores normalised values', () => {
    expect(checkBeneficiaryForm(valid)).toEqual({
      ok: true,
      value: {
        bankName: 'State Bank of India',
        ifscCode: 'SBIN0001234',
        accountNumber: '123456789012',
        name: 'Asha Verma',
      },
    });
  });

  it.each(['bankName', 'ifscCode', 'accountNumber', 'name'] as const)(
    'asks for all required fields when %s is missing or blank',
    (field) => {
      const expected = { ok: false, message: 'Please fill in all required fields.' };
      expect(checkBeneficiaryForm({ ...valid, [field]: undefined })).toEqual(expected);
      expect(checkBeneficiaryForm({ ...valid, [field]: '  ' })).toEqual(expected);
      expect(checkBeneficiaryForm({ ...valid, [field]: null })).toEqual(expected);
    },
  );

  it('counts a bank or beneficiary name that is not text as missing', () => {
    const expected = { ok: false, message: Messages.beneficiaryFieldsRequired };
    expect(checkBeneficiaryForm({ ...valid, name: 42 })).toEqual(expected);
    expect(checkBeneficiaryForm({ ...valid, bankName: {} })).toEqual(expected);
  });

  it('refuses a malformed IFSC or account number', () => {
    expect(checkBeneficiaryForm({ ...valid, ifscCode: 'SBIN1001234' })).toEqual({
      ok: false,
      message: Messages.ifscInvalid,
    });
    expect(checkBeneficiaryForm({ ...valid, accountNumber: '12345' })).toEqual({
      ok: false,
      message: Messages.accountNumberInvalid,
    });
  });
});

describe('checkAccountToVerify', () => {
  it('needs both the account number and the IFSC', () => {
    const expected = { ok: false, message: 'Please enter account number and IFSC to verify.' };
    expect(checkAccountToVerify({ accountNumber: '123456789' })).toEqual(expected);
    expect(checkAccountToVerify({ ifscCode: 'SBIN0001234' })).toEqual(expected);
    expect(checkAccountToVerify({ accountNumber: '', ifscCode: '' })).toEqual(expected);
  });

  it('returns the normalised pair when both are valid', () => {
    expect(checkAccountToVerify({ accountNumber: '1234 56789', ifscCode: 'sbin0001234' })).toEqual({
      ok: true,
      value: { accountNumber: '123456789', ifscCode: 'SBIN0001234' },
    });
  });
});
