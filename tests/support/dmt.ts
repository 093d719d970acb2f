import { randomUUID } from 'node:crypto';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { UnitOfWork } from '../../apps/api/src/database/unit-of-work.js';
import { RemittersRepository } from '../../apps/api/src/dmt/remitters.repository.js';
import type { GivenUser } from './given.js';
import { newMobile } from './given.js';
import { accountEndingIn } from './payouts.js';
import type { TestContext } from './test-api.js';

export interface GivenRemitter {
  id: string;
  mobile: string;
}

export interface GivenDmtBeneficiary {
  id: string;
  accountNumber: string;
  ifsc: string;
}

/** A remitter registered (OTP proven) by `shop`, through DMT's own repository. */
export async function givenRemitter(
  api: TestContext,
  shop: GivenUser,
  {
    state = 'registered',
    mobile = newMobile(),
  }: { state?: 'otpPending' | 'registered'; mobile?: string } = {},
): Promise<GivenRemitter> {
  const id = randomUUID();
  await api.app.get(UnitOfWork).run(async (tx) => {
    const repo = api.app.get(RemittersRepository);
    await repo.upsertPending(tx, {
      id,
      mobile,
      name: 'Ramesh Kumar',
      dateOfBirth: '1990-04-21',
      address: '12 Station Road, Patna',
      pinCode: '800001',
      documentType: 'voterId',
      documentSealed: api.app.get(DataAtRest).seal('ABC1234567'),
      documentLast4: '4567',
      registeredBy: shop.id,
      createdAt: new Date(),
    });
    if (state === 'registered') await repo.markRegistered(tx, id, new Date());
  });
  return { id, mobile };
}

/** A fresh mobile ending in `ending` (the sandbox providers answer by the last digits). */
export function mobileEndingIn(ending: string): string {
  return `${newMobile().slice(0, 10 - ending.length)}${ending}`;
}

/** A beneficiary of the remitter whose account ends in `ending` (the sandbox's rules). */
export async function givenDmtBeneficiary(
  api: TestContext,
  remitter: GivenRemitter,
  shop: GivenUser,
  { ending = '123', active = true }: { ending?: string; active?: boolean } = {},
): Promise<GivenDmtBeneficiary> {
  const accountNumber = accountEndingIn(ending);
  const ifsc = 'SBIN0001234';
  const id = randomUUID();
  const sealed = api.app.get(DataAtRest).sealAccount(accountNumber);
  await api.app.get(UnitOfWork).run(async (tx) => {
    const repo = api.app.get(RemittersRepository);
    await repo.insertBeneficiary(tx, {
      id,
      remitterId: remitter.id,
      name: `Sita Devi ${accountNumber.slice(-4)}`,
      bankName: 'State Bank of India',
      ifsc,
      accountSealed: sealed.sealed,
      accountHash: sealed.hash,
      accountLast4: accountNumber.slice(-4),
      verifiedName: null,
      addedBy: shop.id,
      createdAt: new Date(),
    });
    if (active) await repo.activateBeneficiary(tx, id, new Date());
  });
  return { id, accountNumber, ifsc };
}

/** The latest OTP the sandbox SMS gateway sent to a mobile. */
export function lastOtpTo(api: TestContext, mobile: string): string {
  const text = api.app.get(SandboxSmsSender).lastTo(mobile)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no OTP sent to ${mobile}: "${text}"`);
  return code;
}
