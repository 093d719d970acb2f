import { fail, pass, wholeNumberIn, type Check } from '../check.js';

/**
 * Paging, checked one way (issue 24). Every paged list takes `page` (from 1) and `pageSize`
 * (from 1 to the list's maximum); each list used to say so in its own words. A list's rule
 * comes from `pagingOf(its maximum, its default)`: the two checks and their messages.
 *
 * An absent value (missing, null, '') is the default here, once: page 1 and the list's
 * default size. The DTO's `@Satisfies` writes the checked value back, so a handler reads a
 * number and never defaults again (docs/decisions.md, "Paging checked one way").
 */

/** The last page any list reads: far past a real list, and it keeps OFFSET small. */
export const PAGE_MAX = 1_000_000;

export const PagingMessages = {
  pageInvalid: `Page must be a whole number from 1 to ${PAGE_MAX}.`,
  pageSizeInvalid: (max: number, field = 'Page size') =>
    `${field} must be a whole number from 1 to ${max}.`,
} as const;

export interface Paging {
  readonly pageSizeMax: number;
  readonly pageSizeDefault: number;
  readonly messages: { readonly pageInvalid: string; readonly pageSizeInvalid: string };
  /** `page`: a whole number from 1 to PAGE_MAX (or its digits); 1 when absent. */
  readonly checkPage: (value: unknown) => Check<number>;
  /** `pageSize`: a whole number from 1 to the list's maximum; its default when absent. */
  readonly checkPageSize: (value: unknown) => Check<number>;
}

/**
 * The paging rule of a list whose pages hold at most `pageSizeMax` rows. `sizeField` names the
 * size in its message where the request calls it otherwise (the stuck payouts' `limit`).
 */
export function pagingOf(
  pageSizeMax: number,
  pageSizeDefault: number,
  sizeField = 'Page size',
): Paging {
  if (!Number.isInteger(pageSizeMax) || pageSizeMax < 1) {
    throw new Error(`A page size maximum must be a whole number from 1, not ${pageSizeMax}.`);
  }
  if (!Number.isInteger(pageSizeDefault) || pageSizeDefault < 1 || pageSizeDefault > pageSizeMax) {
    throw new Error(
      `A default page size must be from 1 to ${pageSizeMax}, not ${pageSizeDefault}.`,
    );
  }
  const messages = {
    pageInvalid: PagingMessages.pageInvalid,
    pageSizeInvalid: PagingMessages.pageSizeInvalid(pageSizeMax, sizeField),
  };
  return {
    pageSizeMax,
    pageSizeDefault,
    messages,
    checkPage: (value) => {
      const page = wholeNumberIn(value, PAGE_MAX, 1);
      return page === null ? fail(messages.pageInvalid) : pass(page);
    },
    checkPageSize: (value) => {
      const size = wholeNumberIn(value, pageSizeMax, pageSizeDefault);
      return size === null ? fail(messages.pageSizeInvalid) : pass(size);
    },
  };
}
