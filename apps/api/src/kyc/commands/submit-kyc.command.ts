import { Command } from '@nestjs/cqrs';
import type { KycStatus } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** The signed-in user sends their KYC: PAN, Aadhaar last 4 (checked), the shop photo's bytes. */
export class SubmitKycCommand extends Command<KycStatus> {
  constructor(
    readonly user: AuthUser,
    readonly pan: string,
    readonly aadhaarLast4: string,
    /** Undefined when the form carried no file. */
    readonly photo: Buffer | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}
