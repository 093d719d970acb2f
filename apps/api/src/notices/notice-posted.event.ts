import type { NoticePosted, RoleKind } from '@khata/domain';

/** A notice went live: the sockets of the roles it addresses (null: all) hear `notice.posted`. */
export class NoticePostedEvent {
  constructor(
    readonly notice: NoticePosted,
    readonly audience: readonly RoleKind[] | null,
  ) {}
}
