import { describe, expect, it } from '@jest/globals';
import {
  checkKycStateFilter,
  checkRoleFilter,
  checkSortOrder,
  checkStatusFilter,
  checkStatusReason,
  checkUserId,
  checkUserSearch,
  checkUserSort,
  checkUsersPage,
  checkUsersPageSize,
  deactivatedMessage,
  UsersAdminMessages,
} from './users-admin.js';

const refused = (message: string) => ({ ok: false, message });
const passed = (value: unknown) => ({ ok: true, value });

describe('All Users rules', () => {
  it('takes a search trimmed, blank as none, at most 100 characters', () => {
    expect(checkUserSearch('  Asha  ')).toEqual(passed('Asha'));
    expect(checkUserSearch('   ')).toEqual(passed(undefined));
    expect(checkUserSearch(undefined)).toEqual(passed(undefined));
    expect(checkUserSearch('x'.repeat(100))).toEqual(passed('x'.repeat(100)));
    expect(checkUserSearch('x'.repeat(101))).toEqual(refused(UsersAdminMessages.searchTooLong));
    expect(checkUserSearch(42)).toEqual(refused(UsersAdminMessages.searchTooLong));
  });

  it('sorts only by the whitelisted columns, newest first by default', () => {
    expect(checkUserSort(undefined)).toEqual(passed('createdAt'));
    expect(checkUserSort('balance')).toEqual(passed('balance'));
    expect(checkUserSort('password_hash')).toEqual(refused(UsersAdminMessages.sortInvalid));
    expect(checkSortOrder(undefined)).toEqual(passed('desc'));
    expect(checkSortOrder('ASC')).toEqual(refused(UsersAdminMessages.orderInvalid));
  });

  it('pages from 1 with at most 100 rows, digit strings allowed', () => {
    expect(checkUsersPage(undefined)).toEqual(passed(1));
    expect(checkUsersPage('3')).toEqual(passed(3));
    expect(checkUsersPage(0)).toEqual(refused(UsersAdminMessages.pageInvalid));
    expect(checkUsersPage(1.5)).toEqual(refused(UsersAdminMessages.pageInvalid));
    expect(checkUsersPageSize(undefined)).toEqual(passed(20));
    expect(checkUsersPageSize(100)).toEqual(passed(100));
    expect(checkUsersPageSize(1000)).toEqual(refused(UsersAdminMessages.pageSizeInvalid));
    expect(checkUsersPageSize('1e2')).toEqual(refused(UsersAdminMessages.pageSizeInvalid));
  });

  it('filters by a known role kind, status and KYC state word', () => {
    expect(checkRoleFilter('distributor')).toEqual(passed('distributor'));
    expect(checkRoleFilter('khataEmployee2')).toEqual(refused(UsersAdminMessages.roleInvalid));
    expect(checkStatusFilter('blocked')).toEqual(passed('blocked'));
    expect(checkStatusFilter('deleted')).toEqual(refused(UsersAdminMessages.statusInvalid));
    expect(checkKycStateFilter('approved')).toEqual(passed('approved'));
    expect(checkKycStateFilter("x' OR 1=1")).toEqual(refused(UsersAdminMessages.kycStateInvalid));
  });

  it('takes a user id as a uuid, lower-cased', () => {
    expect(checkUserId('0A6F6E4C-1D2B-4C3D-8E9F-0123456789AB')).toEqual(
      passed('0a6f6e4c-1d2b-4c3d-8e9f-0123456789ab'),
    );
    expect(checkUserId('nope')).toEqual(refused(UsersAdminMessages.userIdInvalid));
  });

  it('wants a reason of 3 to 200 characters, spaces folded', () => {
    expect(checkStatusReason('  Shop   closed ')).toEqual(passed('Shop closed'));
    expect(checkStatusReason('ab')).toEqual(refused(UsersAdminMessages.reasonRequired));
    expect(checkStatusReason('x'.repeat(201))).toEqual(refused(UsersAdminMessages.reasonRequired));
    expect(checkStatusReason(undefined)).toEqual(refused(UsersAdminMessages.reasonRequired));
  });

  it('tells a deactivated user the reason, without a doubled full stop', () => {
    expect(deactivatedMessage('Fraud complaint.')).toBe(
      'Your account has been deactivated: Fraud complaint. Please contact support.',
    );
    expect(deactivatedMessage(null)).toBe(
      'Your account has been deactivated. Please contact support.',
    );
  });
});
