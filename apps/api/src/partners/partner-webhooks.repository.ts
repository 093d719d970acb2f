import { Injectable } from '@nestjs/common';
import type { PartnerWebhookState } from '@khata/domain';
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
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
}

const WEBHOOK = `partner_id AS "partnerId", url, secret, secret_created_at AS "secretCreatedAt"`;
const DELIVERY = `event_id AS "eventId", partner_id AS "partnerId", payout_id AS "payoutId",
  payload, status, attempts, last_status AS "lastStatus", last_error AS "lastError"`;

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

  /** Pending events with no attempt since `before`, oldest first. */
  async quietPending(before: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ eventId: string }>(
      `SELECT event_id AS "eventId" FROM webhook_deliveries
       WHERE status = 'pending' AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => row.eventId);
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
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $3, last_error = $4,
         status = CASE WHEN status = 'pending' THEN $2 ELSE status END,
         delivered_at = CASE WHEN $2 = 'delivered' THEN $5 ELSE delivered_at END, updated_at = $5
       WHERE event_id = $1`,
      [eventId, outcome.status, outcome.httpStatus, outcome.error, outcome.at],
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
