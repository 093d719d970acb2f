import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';

/** The network tree (users.parent_id): who sits below whom. */
@Injectable()
export class DownlineRepository {
  constructor(private readonly db: Db) {}

  /**
   * Whether `uplineId` is anywhere above `userId`. Walks up from the user (one row a level,
   * however wide the network is); UNION stops at a repeated row, so even a corrupt cycle in
   * parent_id ends the walk.
   */
  async isBelow(userId: string, uplineId: string): Promise<boolean> {
    const [row] = (
      await this.db.query<{ below: boolean }>(
        `WITH RECURSIVE upline (id) AS (
         SELECT parent_id FROM users WHERE id = $1
         UNION
         SELECT users.parent_id FROM users JOIN upline ON users.id = upline.id
       )
       SELECT EXISTS (SELECT 1 FROM upline WHERE id = $2) AS below`,
        [userId, uplineId],
      )
    ).rows;
    return row?.below ?? false;
  }
}
