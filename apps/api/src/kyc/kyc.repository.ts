import { Injectable } from '@nestjs/common';
import type { KycFacts, KycState, KycSubmissionState } from '@khata/domain';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { SEALED_BYTES_OVERHEAD } from '../common/crypto/secret-box.js';
import { Db, type Tx } from '../database/unit-of-work.js';

/** A submission without its photo: what lists, audits and answers need. */
export interface KycSubmission {
  id: string;
  userId: string;
  pan: string;
  aadhaarLast4: string;
  photoType: string;
  photoBytes: number;
  state: KycSubmissionState;
  reason: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
}

/** A submission with the people around it, for the reviewer's queue. */
export interface KycQueueEntry extends KycSubmission {
  userName: string;
  userMobile: string;
  userShopName: string | null;
  userRole: string;
  deciderName: string | null;
}

export interface NewKycSubmission {
  id: string;
  userId: string;
  pan: string;
  aadhaarLast4: string;
  photo: Uint8Array;
  photoType: string;
  submittedAt: Date;
}

export interface KycQueueFilter {
  /** A condition on `users u` from NetworkScopes, and its parameters. */
  visible: string;
  params: unknown[];
  state: KycSubmissionState | undefined;
  limit: number;
  offset: number;
}

/** The PAN and the photo are sealed (issue 31): `pan` comes out sealed, `opened` opens it. */
const COLUMNS = `s.id, s.user_id AS "userId", s.pan_sealed AS pan, s.aadhaar_last4 AS "aadhaarLast4",
  s.photo_type AS "photoType", octet_length(s.photo) - ${SEALED_BYTES_OVERHEAD} AS "photoBytes",
  s.state, s.reason,
  s.submitted_at AS "submittedAt", s.decided_at AS "decidedAt", s.decided_by AS "decidedBy"`;

const QUEUE_COLUMNS = `${COLUMNS}, u.name AS "userName", u.mobile AS "userMobile",
  u.shop_name AS "userShopName", u.role AS "userRole", d.name AS "deciderName"`;

@Injectable()
export class KycRepository {
  constructor(
    private readonly db: Db,
    private readonly atRest: DataAtRest,
  ) {}

  /** A row as read, its sealed PAN opened. */
  private opened<T extends { pan: string }>(row: T): T;
  private opened<T extends { pan: string }>(row: T | undefined): T | undefined;
  private opened<T extends { pan: string }>(row: T | undefined): T | undefined {
    return row && { ...row, pan: this.atRest.open(row.pan) };
  }

  /** The user's current KYC state; undefined for no such user. */
  async stateOf(tx: Tx, userId: string): Promise<KycState | undefined> {
    const { rows } = await tx.query<{ state: KycState }>(
      'SELECT kyc_state AS state FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]?.state;
  }

  /** The state and what it rests on (issue 23); undefined for no such user. */
  async factsOf(tx: Tx, userId: string): Promise<KycFacts | undefined> {
    const { rows } = await tx.query<KycFacts>(
      `SELECT kyc_state AS state, pan_sealed IS NOT NULL AS "panOnFile",
              EXISTS (SELECT 1 FROM kyc_submissions s
                       WHERE s.user_id = users.id AND s.state = 'approved') AS checked
         FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0];
  }

  /** The PAN on file, which TDS on commission reads (an approval's, or the user's own). */
  async setPan(tx: Tx, userId: string, pan: string): Promise<void> {
    await tx.query('UPDATE users SET pan_sealed = $2, updated_at = now() WHERE id = $1', [
      userId,
      this.atRest.seal(pan),
    ]);
  }

  /** Locks the user row and reads whether it has a PAN on file; undefined for no such user. */
  async lockPanOnFile(tx: Tx, userId: string): Promise<boolean | undefined> {
    const { rows } = await tx.query<{ onFile: boolean }>(
      'SELECT pan_sealed IS NOT NULL AS "onFile" FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    return rows[0]?.onFile;
  }

  /** Locks the user row, so two submissions of one user run one after the other. */
  async lockUserState(tx: Tx, userId: string): Promise<KycState | undefined> {
    const { rows } = await tx.query<{ state: KycState }>(
      'SELECT kyc_state AS state FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    return rows[0]?.state;
  }

  async setUserState(tx: Tx, userId: string, state: KycState): Promise<void> {
    await tx.query('UPDATE users SET kyc_state = $2, updated_at = now() WHERE id = $1', [
      userId,
      state,
    ]);
  }

  async insert(tx: Tx, submission: NewKycSubmission): Promise<KycSubmission> {
    const { rows } = await tx.query<KycSubmission>(
      `INSERT INTO kyc_submissions AS s
         (id, user_id, pan_sealed, aadhaar_last4, photo, photo_type, state, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'submitted', $7)
       RETURNING ${COLUMNS}`,
      [
        submission.id,
        submission.userId,
        this.atRest.seal(submission.pan),
        submission.aadhaarLast4,
        this.atRest.sealBytes(submission.photo),
        submission.photoType,
        submission.submittedAt,
      ],
    );
    return this.opened(rows[0]!);
  }

  /** The user's latest submission, if any. */
  async latestOf(userId: string): Promise<KycSubmission | undefined> {
    const { rows } = await this.db.query<KycSubmission>(
      `SELECT ${COLUMNS} FROM kyc_submissions s
        WHERE s.user_id = $1 ORDER BY s.submitted_at DESC, s.id DESC LIMIT 1`,
      [userId],
    );
    return this.opened(rows[0]);
  }

  /** Locks one submission for its decision: a second decider waits, then sees it decided. */
  async lock(tx: Tx, id: string): Promise<KycSubmission | undefined> {
    const { rows } = await tx.query<KycSubmission>(
      `SELECT ${COLUMNS} FROM kyc_submissions s WHERE s.id = $1 FOR UPDATE`,
      [id],
    );
    return this.opened(rows[0]);
  }

  async decide(
    tx: Tx,
    id: string,
    decision: { state: 'approved' | 'rejected'; reason: string | null; by: string; at: Date },
  ): Promise<void> {
    await tx.query(
      `UPDATE kyc_submissions SET state = $2, reason = $3, decided_by = $4, decided_at = $5
        WHERE id = $1 AND state = 'submitted'`,
      [id, decision.state, decision.reason, decision.by, decision.at],
    );
  }

  /** Submitted ones first, then oldest first; only users the viewer sees. */
  async queue(filter: KycQueueFilter): Promise<{ rows: KycQueueEntry[]; total: number }> {
    const params = [...filter.params];
    const where = [filter.visible];
    if (filter.state) {
      params.push(filter.state);
      where.push(`s.state = $${params.length}`);
    }
    const from = `FROM kyc_submissions s JOIN users u ON u.id = s.user_id
      LEFT JOIN users d ON d.id = s.decided_by WHERE ${where.join(' AND ')}`;
    const count = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total ${from}`,
      params,
    );
    params.push(filter.limit, filter.offset);
    const { rows } = await this.db.query<KycQueueEntry>(
      `SELECT ${QUEUE_COLUMNS} ${from}
        ORDER BY (s.state = 'submitted') DESC, s.submitted_at ASC, s.id ASC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { rows: rows.map((row) => this.opened(row)), total: count.rows[0]?.total ?? 0 };
  }

  /** One submission with its people, for the answer of a decision. */
  async entry(id: string): Promise<KycQueueEntry | undefined> {
    const { rows } = await this.db.query<KycQueueEntry>(
      `SELECT ${QUEUE_COLUMNS} FROM kyc_submissions s JOIN users u ON u.id = s.user_id
        LEFT JOIN users d ON d.id = s.decided_by WHERE s.id = $1`,
      [id],
    );
    return this.opened(rows[0]);
  }

  /** The photo's bytes (opened) and its owner, for the reviewer. */
  async photo(id: string): Promise<{ userId: string; bytes: Buffer; type: string } | undefined> {
    const { rows } = await this.db.query<{ userId: string; bytes: Buffer; type: string }>(
      `SELECT user_id AS "userId", photo AS bytes, photo_type AS type
         FROM kyc_submissions WHERE id = $1`,
      [id],
    );
    return rows[0] && { ...rows[0], bytes: this.atRest.openBytes(rows[0].bytes) };
  }
}
