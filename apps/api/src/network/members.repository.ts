import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';

/** A user as a report heads it: who the figures belong to. */
export interface NetworkMember {
  id: string;
  name: string;
  mobile: string;
}

/**
 * The people of the network by id, for the features that head a report with one (the ledger
 * statement). In `network/`, which every reporting feature already reads, so no feature imports
 * `users/` (and through it `accounts/`) for a name: the statement read it from its own read
 * model until issue 24's lint found the `accounts -> transactions -> users` cycle that avoided.
 * Whether the viewer may see the member is `ReportScope`'s question, asked first.
 */
@Injectable()
export class NetworkMembers {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<NetworkMember | null> {
    const { rows } = await this.db.query<NetworkMember>(
      'SELECT id, name, mobile FROM users WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }
}
