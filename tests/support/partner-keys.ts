import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { bearer, type GivenUser } from './given.js';
import type { PartnerKey } from './partner-signing.js';
import { call, type TestApi } from './test-api.js';

export * from './partner-signing.js';

export const ALL_SCOPES = ['payouts:write', 'payouts:read', 'balance:read'];

/** The 6-digit OTP of the latest SMS the sandbox sent to this number. */
export function lastOtpTo(api: TestApi, mobile: string): string | undefined {
  return /^(\d{6}) is your Khata OTP/.exec(
    api.app.get(SandboxSmsSender).lastTo(mobile)?.text ?? '',
  )?.[1];
}

/**
 * A key made the way the partner area makes one: the OTP is sent to the partner's mobile, and
 * the key is created with the PIN and that OTP.
 */
export async function makeApiKey(
  api: TestApi,
  partner: Pick<GivenUser, 'mobile' | 'pin'>,
  token: string,
  scopes: string[] = ALL_SCOPES,
  name = 'Orders server',
): Promise<PartnerKey> {
  const asked = await call<{ referenceKey: string }>(`${api.url}/api/partner/apiKeys/createOtp`, {
    body: { name, scopes },
    headers: bearer(token),
  });
  if (asked.status !== 200)
    throw new Error(`createOtp: ${asked.status} ${JSON.stringify(asked.body)}`);
  const made = await call<PartnerKey>(`${api.url}/api/partner/apiKeys/create`, {
    body: { referenceKey: asked.body.referenceKey, otp: lastOtpTo(api, partner.mobile) },
    headers: { ...bearer(token), pin: partner.pin },
  });
  if (made.status !== 200) throw new Error(`create: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body;
}
