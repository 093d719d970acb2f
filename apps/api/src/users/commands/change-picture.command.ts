import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

export interface ChangedPicture {
  /** Where the console fetches it: `/userProfile/{file}` (spec §2). */
  userProfile: string;
}

/** The signed-in user replaces their profile picture with these bytes. */
export class ChangePictureCommand extends Command<ChangedPicture> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    /** Undefined when the request carried no file. */
    readonly bytes: Buffer | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}
