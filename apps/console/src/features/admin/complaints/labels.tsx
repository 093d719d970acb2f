import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ComplaintStatus, ComplaintStatusFilter } from '@khata/domain';

const COLORS: Record<ComplaintStatus, string> = {
  open: 'gold',
  in_progress: 'blue',
  resolved: 'green',
  reopened: 'volcano',
};

/** Each status filter's words (libs/domain's COMPLAINT_STATUS_LABELS, in the reader's language). */
export const STATUS_KEYS = {
  all: 'status.all',
  open: 'status.open',
  in_progress: 'status.inProgress',
  resolved: 'status.resolved',
  reopened: 'status.reopened',
} as const satisfies Record<ComplaintStatusFilter, string>;

export function ComplaintStatusTag({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation('complaints');
  return (
    <Tag color={COLORS[status]} data-testid="complaint-status">
      {t(STATUS_KEYS[status])}
    </Tag>
  );
}
