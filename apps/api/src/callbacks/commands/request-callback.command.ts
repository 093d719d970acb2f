import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

/** A visitor asks Khata to call them back (the public shell's call-back box). */
export class RequestCallbackCommand extends Command<void> {
  constructor(
    readonly name: string,
    readonly mobile: string,
    readonly message: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}
