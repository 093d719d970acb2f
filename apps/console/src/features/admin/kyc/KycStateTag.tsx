import { Tag } from 'antd';
import { KYC_STATE_LABELS as LABELS, type KycState } from '@khata/domain';

const LOOK: Record<KycState, { color: string; label: string }> = {
  none: { color: 'default', label: LABELS.none },
  submitted: { color: 'processing', label: LABELS.submitted },
  approved: { color: 'success', label: LABELS.approved },
  rejected: { color: 'error', label: LABELS.rejected },
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
