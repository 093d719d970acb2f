import { Injectable } from '@nestjs/common';
import { Messages, networkScope, type NetworkScope, type Viewer } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';
import { AppError, ErrorKind } from '../common/errors.js';

/**
 * The network rule of libs/domain (`networkScope`) in SQL: every list, detail and action on
 * other users goes through here, so a user outside the viewer's network is answered exactly
 * like one that does not exist (404 "User not found").
 */
@Injectable()
export class NetworkScopes {
  /**
   * A condition on `users` rows under `alias` keeping those the viewer sees. It pushes its
   * parameters onto `params` and refers to them by position, so it composes with the
   * caller's own filters.
   */
  visibleFilter(viewer: Viewer, alias: string, params: unknown[]): string {
    return scopeFilter(networkScope(viewer), alias, params);
  }

  /** Whether the viewer sees the user (false for an id that does not exist). Pass `Db` outside a transaction. */
  async canSee(tx: Tx, viewer: Viewer, userId: string): Promise<boolean> {
    const params: unknown[] = [userId];
    const filter = this.visibleFilter(viewer, 'u', params);
    const { rows } = await tx.query<{ visible: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND ${filter}) AS visible`,
      params,
    );
    return rows[0]?.visible ?? false;
  }

  /** Throws the not-found answer unless the viewer sees the user. */
  async assertVisible(tx: Tx, viewer: Viewer, userId: string): Promise<void> {
    if (!(await this.canSee(tx, viewer, userId))) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
  }
}

function scopeFilter(scope: NetworkScope, alias: string, params: unknown[]): string {
  return scopeCondition(scope, `${alias}.id`, params);
}

/**
 * A scope as a condition on any column holding a user id (`users.id`, `transaction_records.user_id`):
 * everyone, one user, or a user and its whole downline. Parameters go onto `params`.
 */
export function scopeCondition(scope: NetworkScope, column: string, params: unknown[]): string {
  switch (scope.kind) {
    case 'everyone':
      return 'TRUE';
    case 'self':
      params.push(scope.userId);
      return `${column} = $${params.length}`;
    case 'downline':
      params.push(scope.rootId);
      // The root and everyone below it, walked down parent_id (users_parent_id_idx). UNION
      // stops at a repeated row, so even a corrupt cycle ends the walk.
      return `${column} IN (
        WITH RECURSIVE downline (id) AS (
          SELECT id FROM users WHERE id = $${params.length}
          UNION
          SELECT child.id FROM users child JOIN downline ON child.parent_id = downline.id
        )
        SELECT id FROM downline)`;
  }
}
