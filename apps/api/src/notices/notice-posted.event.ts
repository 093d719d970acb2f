import type { NoticePosted, RoleKind } from '@khata/domain';

interface AddressedNotice {
  id: string;
  title: string;
  body: string;
  audience: readonly RoleKind[] | null;
  startsAt: Date;
  endsAt: Date;
}

/** A notice went live: the sockets of the roles it addresses (null: all) hear `notice.posted`. */
export class NoticePostedEvent {
  constructor(
    readonly notice: NoticePosted,
    readonly audience: readonly RoleKind[] | null,
  ) {}

  static of(notice: AddressedNotice): NoticePostedEvent {
    return new NoticePostedEvent(
      {
        id: notice.id,
        title: notice.title,
        body: notice.body,
        startsAt: notice.startsAt.toISOString(),
        endsAt: notice.endsAt.toISOString(),
      },
      notice.audience,
    );
  }
}

/** An admin withdrew a notice: the roles it addressed hear `notice.withdrawn` and drop it. */
export class NoticeWithdrawnEvent {
  constructor(
    readonly id: string,
    readonly audience: readonly RoleKind[] | null,
  ) {}
}
