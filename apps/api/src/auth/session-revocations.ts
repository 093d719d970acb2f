import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';

/** A revocation as it travels between processes. */
export interface RevocationMessage {
  sessionId: string;
  userId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** How often the subscriber is asked whether it still hears (a PING on its own connection). */
const HEARTBEAT_MS = 150;
/**
 * Memory is trusted only while the subscriber has answered a PING sent this recently. Redis
 * answers a PING after every message published before it, on the same connection, so a PONG
 * proves every earlier revocation has arrived; a connection that hangs silently (no close, no
 * error) stops being trusted after this long, which keeps revocation within a second.
 */
const TRUST_WINDOW_MS = 500;
/** A PING unanswered this long means the connection hangs: drop it and connect again. */
const HUNG_AFTER_MS = 3000;

/** The Redis channel revocations are published on: one per deployment (its Redis prefix). */
export function revocationChannel(config: Pick<AppConfig, 'redisPrefix'>): string {
  return `${config.redisPrefix}:session-revoked`;
}

/**
 * A readout of the channel taken before a slow read: `stillValid` says whether what that read
 * found may be remembered (nothing was revoked and the subscriber never dropped meanwhile).
 */
export interface Ticket {
  trusted: boolean;
  version: number;
}

/**
 * This process's subscription to revocations. It says when memory may be trusted: only while
 * subscribed on the current connection and heard from within TRUST_WINDOW_MS. A dropped
 * connection may have lost messages, so it empties memory (`onLost`) and distrusts it until
 * subscribed again; every revocation and every drop moves `version`, so a read that started
 * before either is not remembered.
 */
export class SessionRevocations {
  private readonly logger = new Logger('SessionRevocations');
  private readonly channel: string;
  private subscriber?: Redis;
  private heartbeat?: NodeJS.Timeout;
  /** Moves on every revocation heard and every lost connection. */
  private version = 0;
  /** Moves on every lost connection; a subscription or PONG of an older one counts for nothing. */
  private connection = 0;
  private subscribedOn = -1;
  private heardAt = 0;
  /** When the PING awaiting its answer was sent; undefined when none is. */
  private pingSentAt?: number;
  private lost = false;

  constructor(
    private readonly config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
    private readonly handlers: {
      onRevoked(message: RevocationMessage): void;
      onLost(): void;
    },
    private readonly now: () => number = Date.now,
  ) {
    this.channel = revocationChannel(config);
  }

  /** Subscribes (and keeps subscribing after every reconnect) until `close`. */
  open(): void {
    const subscriber = new Redis(this.config.redisUrl, {
      // Waits for Redis as long as it takes; this connection is never on a request's path.
      maxRetriesPerRequest: null,
      connectTimeout: 3000,
      connectionName: `${this.config.redisPrefix}-session-subscriber`,
      // Subscribed by hand on every `ready`, so the subscription's confirmation is known.
      autoResubscribe: false,
    });
    subscriber.on('ready', () => this.subscribe(subscriber));
    subscriber.on('close', () => this.drop());
    subscriber.on('error', (error: Error) => {
      if (!this.lost) this.logger.warn(`Revocations unheard, using Redis: ${error.message}`);
      this.drop();
    });
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    this.subscriber = subscriber;
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (!subscriber) return;
    if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
    else subscriber.disconnect();
  }

  ticket(): Ticket {
    return { trusted: this.trusted(), version: this.version };
  }

  stillValid(ticket: Ticket): boolean {
    return ticket.trusted && ticket.version === this.version && this.trusted();
  }

  /** A revocation made by this process: applied here at once, without waiting for the echo. */
  applied(message: RevocationMessage): void {
    this.version += 1;
    this.handlers.onRevoked(message);
  }

  encode(message: RevocationMessage): string {
    return JSON.stringify(message);
  }

  private trusted(): boolean {
    return this.subscribedOn === this.connection && this.now() - this.heardAt <= TRUST_WINDOW_MS;
  }

  private subscribe(subscriber: Redis): void {
    const connection = this.connection;
    subscriber.subscribe(this.channel).then(
      () => {
        if (connection !== this.connection) return;
        this.subscribedOn = connection;
        this.heardAt = this.now();
        if (this.lost) this.logger.log('Revocations heard again; sessions kept in memory.');
        this.lost = false;
      },
      (error: Error) => this.logger.warn(`Cannot subscribe to revocations: ${error.message}`),
    );
  }

  private ping(): void {
    const subscriber = this.subscriber;
    if (!subscriber || this.subscribedOn !== this.connection) return;
    if (subscriber.status !== 'ready') return;
    if (this.pingSentAt !== undefined) {
      if (this.now() - this.pingSentAt < HUNG_AFTER_MS) return;
      this.logger.warn('Redis does not answer the revocation subscriber: reconnecting.');
      subscriber.disconnect(true);
      return;
    }
    const connection = this.connection;
    const sentAt = this.now();
    this.pingSentAt = sentAt;
    const settle = () => {
      if (connection === this.connection) this.pingSentAt = undefined;
    };
    subscriber.ping().then(() => {
      settle();
      // Everything published before the PING was sent has been heard by now.
      if (connection === this.connection) this.heardAt = sentAt;
    }, settle);
  }

  private drop(): void {
    this.connection += 1;
    this.version += 1;
    this.lost = true;
    this.pingSentAt = undefined;
    this.handlers.onLost();
  }

  private receive(text: string): void {
    let message: RevocationMessage;
    try {
      message = JSON.parse(text) as RevocationMessage;
    } catch {
      this.logger.warn('An unreadable revocation was ignored.');
      return;
    }
    this.version += 1;
    this.handlers.onRevoked(message);
  }
}
