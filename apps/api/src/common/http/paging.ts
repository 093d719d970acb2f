import type { Paging } from '@khata/domain';
import { valueOf } from './value-of.js';

/**
 * Paging, read one way (issue 24). Every paged list takes `page` (from 1) and `pageSize`, each
 * checked by its DTO with its list's rule from libs/domain (`pagingOf(max, default)`: one
 * wording, and page 1 and the list's default size when absent), and reads
 * `LIMIT pageSize OFFSET (page - 1) * pageSize`. These two helpers are that arithmetic, once:
 * `pageOf` reads the checked page through the same rule (so a handler cannot name another
 * default), `rowsOfPage` names the rows.
 */

/** A paged request as its DTO let it through: checked numbers (or digit strings), or absent. */
export interface PageRequest {
  page?: number | string;
  pageSize?: number | string;
}

/** The page asked for, by the list's own rule: page 1 and its default size when absent. */
export function pageOf(request: PageRequest, paging: Paging): { page: number; pageSize: number } {
  return {
    page: valueOf(paging.checkPage(request.page)),
    pageSize: valueOf(paging.checkPageSize(request.pageSize)),
  };
}

/** The rows a page names, for `LIMIT $limit OFFSET $offset`. */
export function rowsOfPage(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
