import { describe, expect, it } from '@jest/globals';
import { PAGE_MAX, pagingOf } from './paging.js';

const paging = pagingOf(50, 20);
const passed = (value: number) => ({ ok: true, value });
const pageRefused = { ok: false, message: 'Page must be a whole number from 1 to 1000000.' };
const sizeRefused = { ok: false, message: 'Page size must be a whole number from 1 to 50.' };

describe('pagingOf', () => {
  it.each([undefined, null, ''])('reads an absent page (%p) as page 1', (value) => {
    expect(paging.checkPage(value)).toEqual(passed(1));
  });

  it.each([undefined, null, ''])('reads an absent page size (%p) as the default', (value) => {
    expect(paging.checkPageSize(value)).toEqual(passed(20));
  });

  it.each([
    ['1', 1],
    [1, 1],
    ['7', 7],
    [PAGE_MAX, PAGE_MAX],
    [String(PAGE_MAX), PAGE_MAX],
  ])('takes page %p', (value, page) => {
    expect(paging.checkPage(value)).toEqual(passed(page));
  });

  it.each(['0', 0, -1, '1e2', '2.5', 2.5, PAGE_MAX + 1, '1234567890123456', 'two', true, [1]])(
    'refuses page %p in the one wording',
    (value) => {
      expect(paging.checkPage(value)).toEqual(pageRefused);
    },
  );

  it.each([
    ['1', 1],
    [1, 1],
    [50, 50],
    ['50', 50],
  ])('takes page size %p up to the list maximum', (value, size) => {
    expect(paging.checkPageSize(value)).toEqual(passed(size));
  });

  it.each(['0', 0, '1e2', '2.5', 51, '51', '1234567890123456', {}])(
    'refuses page size %p, naming the list maximum',
    (value) => {
      expect(paging.checkPageSize(value)).toEqual(sizeRefused);
    },
  );

  it('gives the messages it refuses with, for the console and the tests', () => {
    expect(paging.messages).toEqual({
      pageInvalid: pageRefused.message,
      pageSizeInvalid: sizeRefused.message,
    });
    expect(pagingOf(100, 20).messages.pageSizeInvalid).toBe(
      'Page size must be a whole number from 1 to 100.',
    );
  });

  it("names the size's field as the request does", () => {
    const stuck = pagingOf(100, 50, 'limit');
    expect(stuck.checkPageSize('101')).toEqual({
      ok: false,
      message: 'limit must be a whole number from 1 to 100.',
    });
    expect(stuck.checkPageSize(undefined)).toEqual({ ok: true, value: 50 });
  });

  it('refuses to build a list whose default does not fit its maximum', () => {
    expect(() => pagingOf(10, 20)).toThrow('A default page size must be from 1 to 10, not 20.');
    expect(() => pagingOf(0, 0)).toThrow('A page size maximum must be a whole number from 1');
    expect(() => pagingOf(100, 0)).toThrow();
  });
});
