import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FundRequestState } from '@khata/domain';

const COLORS: Record<FundRequestState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

const LABELS = {
  pending: 'state.pending',
  approved: 'state.approved',
  rejected: 'state.rejected',
} as const satisfies Record<FundRequestState, string>;

export function FundStateTag({ state }: { state: FundRequestState }) {
  const { t } = useTranslation('fund-requests');
  return (
    <Tag color={COLORS[state]} data-fund-state={state}>
      {t(LABELS[state])}
    </Tag>
  );
}
