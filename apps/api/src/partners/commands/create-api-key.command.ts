import { Command } from '@nestjs/cqrs';
import type { ApiKeySummary } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

export interface CreatedApiKey {
  key: ApiKeySummary;
  /** Public: what `X-Khata-Key-Id` carries. */
  keyId: string;
  /** The signing secret: returned this once, stored only sealed. */
  secret: string;
}

/**
 * A signed-in partner makes the key its OTP approves (issue 31): its PIN and the OTP sent to its
 * registered mobile, the partner told by SMS once the key exists.
 */
export class CreateApiKeyCommand extends Command<CreatedApiKey> {
  constructor(
    readonly partner: AuthUser,
    readonly referenceKey: string,
    readonly otp: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
