import { describe, expect, it } from '@jest/globals';
import type { UserListRow } from '@khata/domain';
import { defuse } from '../reports/csv-stream.js';
import { usersCsv } from './users-csv.js';

const row = (overrides: Partial<UserListRow> = {}): UserListRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Asha Devi',
  mobile: '9876543210',
  role: 'user',
  kind: 'user',
  shopName: 'Asha Store',
  status: 'active',
  kycState: 'approved',
  kycChecked: true,
  panOnFile: true,
  parent: { id: '00000000-0000-4000-8000-000000000002', name: 'Ravi', mobile: '9876500000' },
  createdAt: '2026-11-24T10:00:00.000Z',
  walletBalance: 1500.5,
  ...overrides,
});

describe('users CSV', () => {
  it.each(['=SUM(A1:A2)', '+91', '-1+1', '-A1', '@cmd', '\t=1', '\r=1'])(
    'defuses a cell starting like a formula: %j',
    (value) => {
      expect(defuse(value)).toBe(`'${value}`);
    },
  );

  it('leaves ordinary cells alone', () => {
    expect(defuse('Asha Store')).toBe('Asha Store');
    expect(defuse('a=b')).toBe('a=b');
  });

  it.each(['-720.46', '-1', '0.00', '1500.50', '12'])(
    'leaves a plain number a number: %j',
    (value) => {
      expect(defuse(value)).toBe(value);
    },
  );

  it('writes a header and one quoted record per user, with injection defused', () => {
    const csv = usersCsv([
      row(),
      row({ name: '=HYPERLINK("http://x","y")', shopName: 'Shop, "best"', parent: null }),
    ]);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Name,Mobile,Role,Shop,Status,KYC,Parent name,Parent mobile,Created at (IST),Wallet balance (INR)',
    );
    expect(lines[1]).toBe(
      'Asha Devi,9876543210,Basic user,Asha Store,Active,Approved,Ravi,9876500000,2026-11-24 15:30:00,1500.50',
    );
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",9876543210,Basic user,"Shop, ""best""",Active,Approved,,,2026-11-24 15:30:00,1500.50`,
    );
  });

  it('names each role as the screens do, a retailer as Retailer', () => {
    const csv = usersCsv([row({ role: 'khataEmployee2', kind: 'employee2' })]);
    expect(csv.split('\r\n')[1]).toContain(',Retailer,');
    expect(usersCsv([row({ role: 'odd', kind: null })]).split('\r\n')[1]).toContain(',odd,');
  });
});
