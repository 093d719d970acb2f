import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { NoticePostedEvent, NoticeWithdrawnEvent } from '../notices/notice-posted.event.js';
import { SocketEmitter } from './socket-emitter.js';

/** A notice went live: the open pages of the roles it addresses hear `notice.posted`. */
@EventsHandler(NoticePostedEvent)
export class NoticePostedHandler implements IEventHandler<NoticePostedEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ notice, audience }: NoticePostedEvent): void {
    this.emitter.noticePosted(notice, { roles: audience });
  }
}

/** A notice was withdrawn: the same roles hear `notice.withdrawn` and drop it. */
@EventsHandler(NoticeWithdrawnEvent)
export class NoticeWithdrawnHandler implements IEventHandler<NoticeWithdrawnEvent> {
  constructor(private readonly emitter: SocketEmitter) {}

  handle({ id, audience }: NoticeWithdrawnEvent): void {
    this.emitter.noticeWithdrawn({ id }, audience);
  }
}
