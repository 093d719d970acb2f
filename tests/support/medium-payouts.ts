import { roleKind } from '@khata/domain';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { RequestPayoutCommand } from '../../apps/api/src/payouts/commands/request-payout.command.js';
import { given, type GivenUser } from './given.js';
import type { MediumApp } from './medium-app.js';
import { fund, saveBeneficiary, type SavedBeneficiary } from './payouts.js';

/** A funded user with a saved beneficiary, ready to pay in the medium tier. */
export async function payerWithPayee(
  world: MediumApp,
  rupees: number,
): Promise<{ user: GivenUser; payee: SavedBeneficiary }> {
  const user = await given(world).user();
  await fund(world, user, rupees * 100);
  return { user, payee: await saveBeneficiary(world, user) };
}

/**
 * A payout requested through the command bus, exactly as the controller dispatches it (the
 * HTTP contract has tests of its own); answers the payout id.
 */
export async function requestPayout(
  world: MediumApp,
  { user, payee }: { user: GivenUser; payee: SavedBeneficiary },
  rupees: number,
): Promise<string> {
  const command = new RequestPayoutCommand(
    {
      userId: user.id,
      sessionId: randomUUID(),
      role: user.role,
      kind: roleKind(user.role, world.config.productKey)!,
      services: ['wallet', 'payout'],
      awaitingKyc: [],
      kycState: 'approved',
      mobile: user.mobile,
      name: user.name,
    },
    'payout',
    false,
    {
      amount: rupees,
      beneficiaryName: payee.name,
      beneficiaryAccountNumber: payee.accountNumber,
      beneficiaryIfscCode: payee.ifsc,
      paymentMode: 'IMPS',
    },
    user.pin,
    randomUUID(),
    { ip: null, latitude: null, longitude: null, userAgent: null, requestId: null },
  );
  const { record } = await world.app.get(CommandBus).execute(command);
  return String(record._id);
}
