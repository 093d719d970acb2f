import { Tag } from 'antd';
import { COMPLAINT_STATUS_LABELS, type ComplaintStatus } from '@khata/domain';

const COLORS: Record<ComplaintStatus, string> = {
  open: 'gold',
  in_progress: 'blue',
  resolved: 'green',
  reopened: 'volcano',
};

export function ComplaintStatusTag({ status }: { status: ComplaintStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="complaint-status">
      {COMPLAINT_STATUS_LABELS[status]}
    </Tag>
  );
}
