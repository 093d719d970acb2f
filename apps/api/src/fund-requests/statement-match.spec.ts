import { describe, expect, it } from '@jest/globals';
import { parseStatement } from './bank-statement.js';
import {
  lineSupports,
  matchStatement,
  type MatchLine,
  type MatchRequest,
} from './statement-match.js';

const request = (id: string, utr: string, amount: number, day = '2026-11-01'): MatchRequest => ({
  id,
  utr,
  amount,
  depositDate: day,
  state: 'pending',
  statementLineId: null,
});
const line = (id: string, utr: string, amount: number, day = '2026-11-01'): MatchLine => ({
  id,
  utr,
  amount,
  date: day,
  fundRequestId: null,
});

describe('matching a bank statement against fund requests', () => {
  it('proposes a request only when UTR, amount to the paisa and date agree', () => {
    const result = matchStatement(
      [
        request('a', 'U1', 150_075),
        request('b', 'U2', 80_000),
        request('c', 'U3', 30_000, '2026-11-02'),
        request('d', 'U9', 10_000),
      ],
      [
        line('1', 'U1', 150_075),
        line('2', 'U2', 80_001),
        line('3', 'U3', 30_000),
        line('4', 'U4', 5_000),
      ],
    );
    expect(result.proposals.map((p) => [p.request.id, p.line.id])).toEqual([['a', '1']]);
    expect(result.unsupported.map((u) => [u.request.id, u.why])).toEqual([
      ['b', 'The bank line with this UTR has another amount.'],
      ['c', 'The bank line with this UTR has another date.'],
      ['d', 'No bank line has this UTR.'],
    ]);
    expect(result.unclaimed.map((l) => l.id)).toEqual(['2', '3', '4']);
  });

  it('keeps a line claimed by an approved request as reconciled, never proposed again', () => {
    const approved = {
      ...request('a', 'U1', 100_00),
      state: 'approved' as const,
      statementLineId: '1',
    };
    const claimed = { ...line('1', 'U1', 100_00), fundRequestId: 'a' };
    const result = matchStatement([approved, request('b', 'U1', 100_00)], [claimed]);
    expect(result.reconciled.map((r) => r.line.id)).toEqual(['1']);
    expect(result.proposals).toEqual([]);
    expect(result.unsupported[0]?.why).toBe(
      'The bank line with this UTR supports another request.',
    );
    expect(result.unclaimed).toEqual([]);
    expect(lineSupports(line('1', 'U1', 100_00), request('x', 'U1', 100_00))).toBe(true);
  });
});

describe('reading a bank statement CSV', () => {
  it('reads aliases, Indian dates, commas in amounts, and skips debits', () => {
    const parsed = parseStatement(
      Buffer.from(
        '\uFEFFValue Date,Particulars,Ref No,Withdrawal,Deposit\n05/11/2026,IMPS,ab-12 34,,"1,00,000.50"\n05-11-2026,Charges,C1,10,\n\n',
      ),
    );
    expect(parsed).toEqual({
      ok: true,
      value: [
        { lineNo: 2, date: '2026-11-05', utr: 'AB1234', amount: 10_000_050, description: 'IMPS' },
      ],
    });
  });

  it('names the line that cannot be read', () => {
    expect(parseStatement(Buffer.from('date,utr,amount\n2026-11-01,U1,1.234\n'))).toEqual({
      ok: false,
      message: 'Line 2 of the statement: the amount must be rupees above zero.',
    });
    expect(parseStatement(Buffer.from('date,utr,amount\n2026-11-01,U1\n')).ok).toBe(false);
  });
});
