import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { RailAdapter, RailOutcome } from '../rail/rail-adapter.js';
import { RailProcessor, type Trigger } from '../rail/rail-processor.js';
import { aepsMachine } from './aeps-machine.js';
import { AepsProvider, type AepsRequest } from './aeps-provider.js';
import { AepsRailStore } from './aeps-rail-store.js';
import type { AepsTransaction } from './aeps-transaction.js';
import { PidVault } from './pid-vault.js';

/** What the failed send of a transaction whose fingerprint is gone says (nothing moved). */
export const AEPS_NOT_SENT =
  'The fingerprint capture expired before it reached the bank. No money moved: please capture again.';

/** A request as the processor builds it: without its secret when the vault no longer has it. */
type AepsSendable = Omit<AepsRequest, 'aadhaar' | 'pid'> &
  Partial<Pick<AepsRequest, 'aadhaar' | 'pid'>>;

/**
 * AEPS transactions on the rail framework (issue 26): the AEPS machine run by the shared
 * RailProcessor against the AEPS provider. The shop's request sends it and waits (the customer
 * is at the counter); a timeout, a 5xx or `pending` leaves it processing, asked about by the
 * sweep or an admin (status enquiry), never sent again: the Aadhaar number and the PID block
 * are taken from the PidVault by the one send, so a second send (after a crash, or after the
 * provider said it never had it) has no fingerprint and fails with nothing moved.
 */
@Injectable()
export class AepsProcessor {
  private readonly rail: RailProcessor<AepsTransaction, AepsSendable>;

  constructor(
    store: AepsRailStore,
    provider: AepsProvider,
    vault: PidVault,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const adapter: RailAdapter<AepsSendable> = {
      send: (request): Promise<RailOutcome> => {
        const { aadhaar, pid } = request;
        if (!aadhaar || !pid) return Promise.resolve({ status: 'failed', reason: AEPS_NOT_SENT });
        return provider.send({ ...request, aadhaar, pid });
      },
      status: (reference) => provider.status(reference),
    };
    this.rail = new RailProcessor({
      noun: 'AEPS transaction',
      machine: aepsMachine,
      store,
      adapter,
      requestOf: (txn) => ({ ...requestOf(txn), ...vault.take(txn.id) }),
      timings: () => config.aeps,
      now: () => clock.now(),
      logger: new Logger('Aeps'),
    });
  }

  advance(id: string, trigger: Trigger): Promise<AepsTransaction | undefined> {
    return this.rail.advance(id, trigger);
  }
}

/** The provider's request of a transaction, less its secret: its id is the idempotency key. */
function requestOf(txn: AepsTransaction): AepsSendable {
  return {
    reference: txn.id,
    kind: txn.kind,
    bankIin: txn.bankIin,
    mobile: txn.mobile,
    amount: txn.amount,
    shopId: txn.userId,
    agentAuthReference: txn.agentAuthReference,
  };
}
