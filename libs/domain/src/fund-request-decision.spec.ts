import { describe, expect, it } from '@jest/globals';
import {
  decidesFundRequest,
  fundDecisionRefusal,
  fundDecisionStep,
  fundRequestPaidFrom,
  statementLineRefusal,
} from './fund-request-decision.js';
import { FundRequestMessages } from './fund-requests.js';

const admin = { userId: 'admin-1', kind: 'admin' as const };
const distributor = { userId: 'dist-1', kind: 'distributor' as const };

describe('decidesFundRequest', () => {
  it('gives a request with an upline approver to that upline only', () => {
    const request = { approverId: 'dist-1' };
    expect(decidesFundRequest(distributor, request)).toBe(true);
    expect(decidesFundRequest(admin, request)).toBe(false);
  });

  it('gives a request with no upline approver to any admin', () => {
    expect(decidesFundRequest(admin, { approverId: null })).toBe(true);
    expect(decidesFundRequest(distributor, { approverId: null })).toBe(false);
  });
});

describe('statementLineRefusal', () => {
  it('lets only an admin approving name a bank line', () => {
    expect(statementLineRefusal(admin, 'approve', true)).toBeNull();
    expect(statementLineRefusal(distributor, 'approve', false)).toBeNull();
    for (const refused of [
      statementLineRefusal(admin, 'reject', true),
      statementLineRefusal(distributor, 'approve', true),
    ]) {
      expect(refused).toEqual({
        kind: 'forbidden',
        message: FundRequestMessages.onlyAdminsMatch,
        auditReason: null,
      });
    }
  });
});

describe('fundDecisionRefusal', () => {
  const pending = { approverId: 'dist-1', approverName: 'Asha', state: 'pending' as const };

  it('lets the approver decide a pending request', () => {
    expect(fundDecisionRefusal(distributor, pending)).toBeNull();
  });

  it('names the approver to anyone else', () => {
    expect(fundDecisionRefusal(admin, pending)).toEqual({
      kind: 'forbidden',
      message: FundRequestMessages.notYourApproval('Asha'),
      auditReason: null,
    });
    const adminsOwn = { ...pending, approverId: null, approverName: null };
    expect(fundDecisionRefusal(distributor, adminsOwn)?.message).toBe(
      FundRequestMessages.notYourApproval('an admin'),
    );
  });

  it('refuses a request already decided with a conflict', () => {
    expect(fundDecisionRefusal(distributor, { ...pending, state: 'approved' })).toEqual({
      kind: 'conflict',
      message: FundRequestMessages.alreadyDecided('approved'),
      auditReason: null,
    });
  });
});

describe('fundDecisionStep', () => {
  const approve = { action: 'approve' as const, withLine: false, secondApproval: false };

  it('rejects whatever else is true', () => {
    expect(fundDecisionStep({ ...approve, action: 'reject', approverId: null })).toBe('reject');
  });

  it("asks a second admin for the funding account's money with no bank line", () => {
    expect(fundDecisionStep({ ...approve, approverId: null })).toBe('ask-second-admin');
  });

  it('pays against a bank line, from an upline, or as the second admin', () => {
    expect(fundDecisionStep({ ...approve, approverId: null, withLine: true })).toBe('pay');
    expect(fundDecisionStep({ ...approve, approverId: 'dist-1' })).toBe('pay');
    expect(fundDecisionStep({ ...approve, approverId: null, secondApproval: true })).toBe('pay');
  });

  it('names where the money came from', () => {
    expect(fundRequestPaidFrom('dist-1')).toBe('upline-wallet');
    expect(fundRequestPaidFrom(null)).toBe('system:funding');
  });
});
