import { Button, Tag, Tooltip, App } from 'antd';
import {
  BBPS_COMPLAINT_STATUS_LABELS,
  type BbpsComplaintFacts,
  type BbpsComplaintStatus,
} from '@khata/domain';
import { useCheckBbpsComplaint } from './api';

const COLORS: Record<BbpsComplaintStatus, string> = {
  logged: 'gold',
  assigned: 'blue',
  'pending-with-bbpou': 'blue',
  resolved: 'green',
  reassigned: 'purple',
  escalated: 'volcano',
};

/** The mark of a complaint registered with Bharat BillPay, in lists and the drawer. */
export function BbpsTag() {
  return (
    <Tag color="geekblue" data-testid="bbps-tag">
      BBPS
    </Tag>
  );
}

/** Bharat BillPay's own status of the complaint. */
export function BbpsStatusTag({ status }: { status: BbpsComplaintStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="bbps-status">
      {BBPS_COMPLAINT_STATUS_LABELS[status]}
    </Tag>
  );
}

/** `2026-12-05` → `5 Dec 2026`: the India day the complaint is due by. */
export function formatDueOn(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Asks Bharat BillPay about the complaint now (the shop that raised it, or an admin). */
export function CheckBbpsStatusButton({
  id,
  facts,
  size = 'small',
}: {
  id: string;
  facts: BbpsComplaintFacts;
  size?: 'small' | 'middle';
}) {
  const { message } = App.useApp();
  const check = useCheckBbpsComplaint();
  const resolved = facts.status === 'resolved';
  return (
    <Tooltip title={resolved ? 'Bharat BillPay has resolved it.' : undefined}>
      <Button
        size={size}
        disabled={resolved}
        loading={check.isPending}
        aria-label={`Check BBPS status of ${facts.complaintId}`}
        onClick={() =>
          check.mutate(id, {
            onSuccess: (answer) => void message.success(answer.message),
            onError: (error) => void message.error(error.message),
          })
        }
      >
        Check status
      </Button>
    </Tooltip>
  );
}
