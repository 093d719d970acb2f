import { Tag } from 'antd';
import type { FundRequestState } from '@khata/domain';

const LOOK: Record<FundRequestState, { color: string; label: string }> = {
  pending: { color: 'processing', label: 'Pending' },
  approved: { color: 'success', label: 'Approved' },
  rejected: { color: 'error', label: 'Rejected' },
};

export function FundStateTag({ state }: { state: FundRequestState }) {
  const look = LOOK[state];
  return (
    <Tag color={look.color} data-fund-state={state}>
      {look.label}
    </Tag>
  );
}
