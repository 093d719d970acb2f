import { Injectable } from '@nestjs/common';
import { Messages, networkScope, type NetworkScope, type Viewer } from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db } from '../database/unit-of-work.js';
import { NetworkScopes, scopeCondition } from '../network/network-scopes.js';

/** What a report asks about whom: nobody named (the caller's whole scope), one user, or its subtree. */
export interface ScopeRequest {
  /** A user of the caller's network; absent, the caller's own scope. */
  readonly userId?: string;
  /** With `userId`: that user and everyone below it, not the user alone. */
  readonly subtree?: boolean;
}

/**
 * Whose rows a report reads (issue 14, "one report engine"), by the network rule of
 * libs/domain (network-scope.ts):
 * - nobody named: an admin (or staff employee) everyone, a distributor tier itself and its
 *   downline, anyone else itself;
 * - a user named: that user (or, with `subtree`, that user and its downline) if the caller
 *   sees it; a user outside the caller's network answers 404 "User not found", exactly like
 *   one that does not exist.
 *
 * Every report (transactions, ledger, day book) resolves its scope here, then puts it in its
 * SQL with `ReportScope.condition`.
 */
@Injectable()
export class ReportScope {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
  ) {}

  async resolve(viewer: Viewer, request: ScopeRequest = {}): Promise<NetworkScope> {
    if (!request.userId) return networkScope(viewer);
    if (!(await this.scopes.canSee(this.db, viewer, request.userId))) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    return request.subtree
      ? { kind: 'downline', rootId: request.userId }
      : { kind: 'self', userId: request.userId };
  }

  /** The scope as a condition on a user-id column; its parameters are pushed onto `params`. */
  condition(scope: NetworkScope, column: string, params: unknown[]): string {
    return scopeCondition(scope, column, params);
  }
}
