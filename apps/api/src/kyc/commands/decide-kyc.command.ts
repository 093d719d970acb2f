import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { KycQueueEntry } from '../kyc.repository.js';

/** An admin approves or rejects a waiting KYC submission, with their PIN (audited). */
export class DecideKycCommand extends Command<KycQueueEntry> {
  constructor(
    readonly admin: AuthUser,
    readonly submissionId: string,
    readonly action: 'approve' | 'reject',
    readonly reason: unknown,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
