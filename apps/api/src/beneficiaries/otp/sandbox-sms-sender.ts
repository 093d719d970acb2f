import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { Db } from '../../database/unit-of-work.js';
import { type SmsMessage, SmsSender, SmsUnavailableError } from './sms-sender.js';

export interface SentSms extends SmsMessage {
  sentAt: Date;
}

const OUTBOX_SIZE = 200;

/**
 * The SMS gateway of development and tests: the message is "delivered" to the log (a person
 * running `npm start` reads the OTP there) and to an in-memory outbox that integration tests
 * read, and to the `sandbox_sms_outbox` table, which browser tests (another process) read for
 * an OTP or a temporary password. In production it delivers nothing and says so, because an
 * OTP in a log is no secret.
 */
@Injectable()
export class SandboxSmsSender extends SmsSender {
  private readonly logger = new Logger('SandboxSms');
  private readonly outbox: SentSms[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Db,
  ) {
    super();
    if (config.env === 'production') {
      this.logger.warn('No SMS gateway is configured: DMT beneficiary OTPs cannot be sent.');
    }
  }

  async send(message: SmsMessage): Promise<void> {
    if (this.config.env === 'production') {
      throw new SmsUnavailableError('No SMS gateway is configured in production.');
    }
    await this.db.query('INSERT INTO sandbox_sms_outbox (to_mobile, body) VALUES ($1, $2)', [
      message.to,
      message.text,
    ]);
    this.outbox.push({ ...message, sentAt: new Date() });
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.shift();
    this.logger.log(`SMS to XXXXXX${message.to.slice(-4)}: ${message.text}`);
  }

  /** The latest message sent to a number (tests read their OTP here). */
  lastTo(mobile: string): SentSms | undefined {
    return this.outbox.findLast((sms) => sms.to === mobile);
  }
}
