import { describe, it, expect } from '@jest/globals';
import {
  Messages,
  paymentFailed,
  paymentSuccessful,
  signedOutIdle,
  verificationFailed,
} from './messages.js';

describe('Messages', () => {
  it("keeps the spec's validation messages word for word", () => {
    expect(Messages).toMatchObject({
      mobileRequired: 'Please input mobile number!',
      mobileTenDigits: 'Mobile number must be 10 digits',
      amountRequired: 'Please input amount!',
      amountInvalid: 'Please enter a valid amount',
      pinRequired: 'Please input your PIN!',
      pinDigitsOnly: 'PIN should contain only numbers',
      holderNotFound: 'Please enter a valid mobile number first',
      changePinBothRequired: 'Both Old PIN and New PIN are required!',
      beneficiaryFieldsRequired: 'Please fill in all required fields.',
      payoutFieldsRequired: 'Please fill up all the required details.',
      payoutPinRequired: 'PIN is required.',
      payoutCap: 'Amount should be less than 200000',
      unlimitedPayoutCap: 'Amount should be less than 1000000',
      previousTransactionsMax: 'You can check a maximum of 20 transactions at a time.',
      amountToWordsInvalid: 'Please provide a valid positive number.',
      coordinatesMissing: 'Location coordinates are not available.',
      geolocationUnsupported: 'Geolocation is not supported by this browser.',
      locationNotAllowed: 'Your location is not allowed to access this page...',
      loginRequired: 'Please login to continue',
      transactionProcessed: 'Transaction processed.',
    });
  });

  it('has no two keys sharing a text, so each refusal names one rule', () => {
    const texts = Object.values(Messages);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('fills the templates of the error catalogue', () => {
    expect(paymentFailed('Insufficient balance')).toBe('Payment Failed: Insufficient balance');
    expect(paymentSuccessful('UTR 123')).toBe('Payment successful: UTR 123');
    expect(verificationFailed('name mismatch')).toBe('Verification failed: name mismatch');
  });

  it('says after how long an unused session ended (issue 31)', () => {
    expect(signedOutIdle(30)).toBe(
      'You were signed out after 30 minutes without activity. Please sign in again.',
    );
    expect(signedOutIdle(1)).toBe(
      'You were signed out after 1 minute without activity. Please sign in again.',
    );
  });
});
