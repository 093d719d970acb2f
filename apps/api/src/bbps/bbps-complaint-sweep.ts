import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { Ticker } from '../common/ticker.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { BBPS_COMPLAINT_CHECK_EVERY_MS, BbpsComplaintEnquiry } from './bbps-complaint-enquiry.js';
import { BbpsComplaintsRepository } from './bbps-complaints.repository.js';

/** Complaints asked about per sweep; the rest wait for the next tick. */
const SWEEP_BATCH = 20;

/**
 * Status enquiry of BBPS complaints on a schedule, in worker processes (issue 27): every
 * BBPS_SWEEP interval it claims the complaints not yet resolved whose next check is due (each
 * asked at most every 30 minutes) and asks the provider about each. The claim moves the next
 * check first, so two workers never ask about one complaint at once, and a provider that does
 * not answer is asked again 30 minutes later.
 */
@Injectable()
export class BbpsComplaintSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BbpsComplaintSweep');
  private readonly ticker: Ticker;

  constructor(
    private readonly complaints: BbpsComplaintsRepository,
    private readonly enquiry: BbpsComplaintEnquiry,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ticker = new Ticker('BbpsComplaintSweep', config.bbps.sweepIntervalMs, () => this.sweep());
  }

  onApplicationBootstrap(): void {
    if (this.config.processRole !== 'api') this.ticker.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.ticker.stop();
  }

  /** One pass: answers how many complaints were asked about. */
  async sweep(): Promise<number> {
    const at = this.clock.now();
    const due = await this.complaints.claimDue(
      at,
      new Date(at.getTime() + BBPS_COMPLAINT_CHECK_EVERY_MS),
      SWEEP_BATCH,
    );
    for (const id of due) {
      try {
        await this.enquiry.enquire(id);
      } catch (error) {
        this.logger.warn(`BBPS complaint ${id} was not checked: ${(error as Error).message}`);
      }
    }
    return due.length;
  }
}
