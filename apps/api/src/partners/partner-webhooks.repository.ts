import { Injectable } from '@nestjs/common';
import type {
  PartnerWebhookState,
  WebhookDeliveryStatus,
  WebhookDeliverySummary,
} from '@khata/domain';
import { SecretBox } from '../common/crypto/secret-box.js';
import { WEBHOOK_SECRET_PREFIX } from './api-key-material.js';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface StoredWebhook {
  partnerId: string;
  url: string | null;
  secret: string | null;
  secretCreatedAt: Date | null;
}

export interface WebhookDelivery {
  eventId: string;
  partnerId: string;
  payoutId: string;
  payload: unknown;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  redeliveries: number;
}

/** A row as the delivery lists read it (the payload stays in the table). */
interface ListedDelivery {
  eventId: string;
  eventType: string;
  payoutId: string;
  orderId: string | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  redeliveries: number;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
}

/**
 * The job of an event's round of tries: the event id for the first round, then one id per
 * redelivery (a failed job is kept 14 days, so its id would make a new enqueue a no-op).
 */
export function deliveryJobId(eventId: string, redeliveries: number): string {
  return redeliveries === 0 ? eventId : `${eventId}-r${redeliveries}`;
}

const WEBHOOK = `partner_id AS "partnerId", url, secret, secret_created_at AS "secretCreatedAt"`;
const DELIVERY = `event_id AS "eventId", partner_id AS "partnerId", payout_id AS "payoutId",
  payload, status, attempts, last_status AS "lastStatus", last_error AS "lastError",
  redeliveries`;
const LISTED = `event_id AS "eventId", event_type AS "eventType", payout_id AS "payoutId",
  payload->'data'->'payload'->>'orderID' AS "orderId", status, attempts,
  last_status AS "lastStatus", last_error AS "lastError", next_attempt_at AS "nextAttemptAt",
  redeliveries, created_at AS "createdAt", updated_at AS "updatedAt",
  delivered_at AS "deliveredAt"`;

/**
 * A partner's webhook (URL and signing secret) and the events delivered to it. The secret is
 * sealed (SecretBox, AES-256-GCM under DATA_KEY) on the way in and opened on the way out, so
 * the table never holds it in plain text.
 */
@Injectable()
export class PartnerWebhooksRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  async find(tx: Tx, partnerId: string): Promise<StoredWebhook | undefined> {
    const { rows } = await tx.query<StoredWebhook>(
      `SELECT ${WEBHOOK} FROM partner_webhooks WHERE partner_id = $1`,
      [partnerId],
    );
    const webhook = rows[0];
    return webhook && { ...webhook, secret: webhook.secret && this.opened(webhook.secret) };
  }

  private opened(stored: string): string {
    // Secrets stored before they were sealed (issue 12's first cut) start `whsec_`; a rotation
    // seals them.
    return stored.startsWith(WEBHOOK_SECRET_PREFIX) ? stored : this.box.open(stored);
  }

  /** Sets the URL; `secret` (when given) is written only where none exists yet. */
  async setUrl(
    tx: Tx,
    partnerId: string,
    url: string,
    secret: string | null,
    at: Date,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO partner_webhooks (partner_id, url, secret, secret_created_at, updated_at)
       VALUES ($1, $2, $3::text, CASE WHEN $3::text IS NULL THEN NULL ELSE $4::timestamptz END, $4)
       ON CONFLICT (partner_id) DO UPDATE SET url = EXCLUDED.url, updated_at = EXCLUDED.updated_at,
         secret = COALESCE(partner_webhooks.secret, EXCLUDED.secret),
         secret_created_at = CASE WHEN partner_webhooks.secret IS NULL
           THEN EXCLUDED.secret_created_at ELSE partner_webhooks.secret_created_at END`,
      [partnerId, url, secret && this.box.seal(secret), at],
    );
  }

  async setSecret(tx: Tx, partnerId: string, secret: string, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO partner_webhooks (partner_id, secret, secret_created_at, updated_at)
       VALUES ($1, $2, $3, $3)
       ON CONFLICT (partner_id) DO UPDATE SET secret = EXCLUDED.secret,
         secret_created_at = EXCLUDED.secret_created_at, updated_at = EXCLUDED.updated_at`,
      [partnerId, this.box.seal(secret), at],
    );
  }

  /** Which of these users have a webhook URL: only they get payout events. */
  async withUrl(userIds: readonly string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const { rows } = await this.db.query<{ partnerId: string }>(
      `SELECT partner_id AS "partnerId" FROM partner_webhooks
       WHERE partner_id = ANY($1::uuid[]) AND url IS NOT NULL AND secret IS NOT NULL`,
      [userIds],
    );
    return new Set(rows.map((row) => row.partnerId));
  }

  /** Records an event once: false when it was already recorded (a second projection). */
  async addDelivery(delivery: {
    eventId: string;
    partnerId: string;
    payoutId: string;
    eventType: string;
    payload: unknown;
  }): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO webhook_deliveries (event_id, partner_id, payout_id, event_type, payload)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`,
      [
        delivery.eventId,
        delivery.partnerId,
        delivery.payoutId,
        delivery.eventType,
        JSON.stringify(delivery.payload),
      ],
    );
    return rowCount === 1;
  }

  /** Pending events with no attempt since `before`, oldest first, with their round's job id. */
  async quietPending(before: Date, limit: number): Promise<{ eventId: string; jobId: string }[]> {
    const { rows } = await this.db.query<{ eventId: string; redeliveries: number }>(
      `SELECT event_id AS "eventId", redeliveries FROM webhook_deliveries
       WHERE status = 'pending' AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => ({
      eventId: row.eventId,
      jobId: deliveryJobId(row.eventId, row.redeliveries),
    }));
  }

  /** One page of a partner's events, newest first, and how many it has in all. */
  async listDeliveries(
    partnerId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: WebhookDeliverySummary[]; total: number }> {
    const [listed, counted] = await Promise.all([
      this.db.query<ListedDelivery>(
        `SELECT ${LISTED} FROM webhook_deliveries WHERE partner_id = $1
         ORDER BY created_at DESC, event_id DESC LIMIT $2 OFFSET $3`,
        [partnerId, pageSize, (page - 1) * pageSize],
      ),
      this.db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM webhook_deliveries WHERE partner_id = $1',
        [partnerId],
      ),
    ]);
    return { rows: listed.rows.map(toDeliverySummary), total: counted.rows[0]?.total ?? 0 };
  }

  /** One of the partner's events; undefined for another partner's, as for none. */
  async findListed(
    partnerId: string,
    eventId: string,
  ): Promise<WebhookDeliverySummary | undefined> {
    const { rows } = await this.db.query<ListedDelivery>(
      `SELECT ${LISTED} FROM webhook_deliveries WHERE partner_id = $1 AND event_id = $2`,
      [partnerId, eventId],
    );
    return rows[0] && toDeliverySummary(rows[0]);
  }

  /**
   * Puts a failed event back to pending for a new round of tries, once: of two clicks at the
   * same moment only one finds it failed. Answers the new round's number, or undefined when
   * the event was not failed (or is not the partner's).
   */
  async reopenFailed(
    tx: Tx,
    partnerId: string,
    eventId: string,
    at: Date,
  ): Promise<number | undefined> {
    const { rows } = await tx.query<{ redeliveries: number }>(
      `UPDATE webhook_deliveries
          SET status = 'pending', redeliveries = redeliveries + 1, next_attempt_at = $3,
              updated_at = $3
        WHERE partner_id = $1 AND event_id = $2 AND status = 'failed'
        RETURNING redeliveries`,
      [partnerId, eventId, at],
    );
    return rows[0]?.redeliveries;
  }

  async findDelivery(eventId: string): Promise<WebhookDelivery | undefined> {
    const { rows } = await this.db.query<WebhookDelivery>(
      `SELECT ${DELIVERY} FROM webhook_deliveries WHERE event_id = $1`,
      [eventId],
    );
    return rows[0];
  }

  /** One attempt's outcome; `status` moves only from pending. */
  async recordAttempt(
    eventId: string,
    outcome: {
      status: 'pending' | 'delivered' | 'failed';
      httpStatus: number | null;
      error: string | null;
      at: Date;
      /** When the job tries again (a pending outcome); null when it will not. */
      nextAttemptAt?: Date | null;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $3, last_error = $4,
         status = CASE WHEN status = 'pending' THEN $2 ELSE status END,
         delivered_at = CASE WHEN $2 = 'delivered' THEN $5 ELSE delivered_at END, updated_at = $5,
         next_attempt_at = CASE WHEN $2 = 'pending' THEN $6::timestamptz ELSE NULL END
       WHERE event_id = $1`,
      [
        eventId,
        outcome.status,
        outcome.httpStatus,
        outcome.error,
        outcome.at,
        outcome.nextAttemptAt ?? null,
      ],
    );
  }
}

export function toWebhookState(webhook: StoredWebhook | undefined): PartnerWebhookState {
  return {
    url: webhook?.url ?? null,
    hasSecret: Boolean(webhook?.secret),
    secretCreatedAt: webhook?.secretCreatedAt?.toISOString() ?? null,
  };
}

function toDeliverySummary(row: ListedDelivery): WebhookDeliverySummary {
  return {
    ...row,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
