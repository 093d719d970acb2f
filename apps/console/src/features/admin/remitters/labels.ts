import type { DmtBeneficiaryState, RemitterState } from '@khata/domain';

/** A remitter's KYC state in the words the counter uses, and its tag's colour. */
export const REMITTER_STATE_LABELS: Record<RemitterState, { label: string; color: string }> = {
  otpPending: { label: 'Waiting for the OTP', color: 'orange' },
  registered: { label: 'Registered, e-KYC not done', color: 'gold' },
  ekycDone: { label: 'e-KYC done', color: 'green' },
};

export const BENEFICIARY_STATE_LABELS: Record<
  DmtBeneficiaryState,
  { label: string; color: string }
> = {
  otpPending: { label: 'Waiting for the OTP', color: 'orange' },
  active: { label: 'Active', color: 'green' },
  deleted: { label: 'Deleted', color: 'default' },
};

/** A mobile number as an SMS notice shows it: the last 4 digits only. */
export function maskMobile(mobile: string): string {
  return mobile.length > 4 ? `${'X'.repeat(mobile.length - 4)}${mobile.slice(-4)}` : mobile;
}
