import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Clock } from '../common/clock.js';
import { defineJob, HandlesJob, type JobHandler } from '../jobs/job-definition.js';
import { NoticePostedEvent } from './notice-posted.event.js';
import { NoticesRepository } from './notices.repository.js';

/**
 * A notice posted to start later is pushed (`notice.posted`) when its window opens: every 15
 * seconds the notices whose window has opened and that were never announced are claimed (once,
 * in Postgres, whichever worker runs it) and pushed to their audience. A push lost to a Redis
 * outage is not retried: the dashboard reads its notices on every load and reconnect.
 */
export const announceNoticesJob = defineJob<Record<string, never>>({
  name: 'notice.announce',
  attempts: 1,
  everyMs: 15_000,
});

@Injectable()
@HandlesJob(announceNoticesJob)
export class AnnounceNoticesHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('AnnounceNotices');

  constructor(
    private readonly notices: NoticesRepository,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async handle(): Promise<void> {
    const due = await this.notices.claimDue(this.clock.now());
    for (const notice of due) this.events.publish(NoticePostedEvent.of(notice));
    if (due.length)
      this.logger.log(`Announced ${due.length} notice${due.length === 1 ? '' : 's'}.`);
  }
}
