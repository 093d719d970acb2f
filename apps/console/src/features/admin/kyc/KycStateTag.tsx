import { Tag } from 'antd';
import type { KycState } from '@khata/domain';

const LOOK: Record<KycState, { color: string; label: string }> = {
  none: { color: 'default', label: 'Not sent' },
  submitted: { color: 'processing', label: 'Being verified' },
  approved: { color: 'success', label: 'Approved' },
  rejected: { color: 'error', label: 'Rejected' },
};

/** The states' names as the KYC screens, All Users and User details show them. */
export const KYC_STATE_LABELS: Record<KycState, string> = {
  none: LOOK.none.label,
  submitted: LOOK.submitted.label,
  approved: LOOK.approved.label,
  rejected: LOOK.rejected.label,
};

export function KycStateTag({ state }: { state: KycState }) {
  const look = LOOK[state];
  return (
    <Tag color={look.color} data-kyc-state={state}>
      {look.label}
    </Tag>
  );
}
