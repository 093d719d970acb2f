import { describe, expect, it } from '@jest/globals';
import { pagingOf } from '@khata/domain';
import { pageOf, rowsOfPage } from './http/paging.js';

describe('pageOf', () => {
  const paging = pagingOf(50, 20);
  it("fills in page 1 and the list's default size", () => {
    expect(pageOf({}, paging)).toEqual({ page: 1, pageSize: 20 });
    expect(pageOf({ page: '', pageSize: '' }, paging)).toEqual({ page: 1, pageSize: 20 });
  });
  it('reads checked digit strings as numbers', () => {
    expect(pageOf({ page: '3', pageSize: '50' }, paging)).toEqual({ page: 3, pageSize: 50 });
    expect(pageOf({ page: 2, pageSize: 10 }, paging)).toEqual({ page: 2, pageSize: 10 });
  });
  it('throws on a page its DTO should have refused (our bug, not a 400)', () => {
    expect(() => pageOf({ pageSize: 51 }, paging)).toThrow('validated input does not pass');
  });
});

describe('rowsOfPage', () => {
  it('starts page 1 at the first row', () => {
    expect(rowsOfPage(1, 20)).toEqual({ limit: 20, offset: 0 });
  });
  it('skips the pages before', () => {
    expect(rowsOfPage(4, 25)).toEqual({ limit: 25, offset: 75 });
  });
});
