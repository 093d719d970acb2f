import type { ActivationStatus } from '@khata/domain';

/** An admin approved or rejected an AEPS settlement account; the socket gateway tells its owner. */
export class AepsAccountDecidedEvent {
  constructor(
    readonly ownerId: string,
    readonly beneficiaryId: string,
    readonly activationStatus: ActivationStatus,
    readonly remark: string | null,
  ) {}
}
