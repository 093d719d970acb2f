import { Button, Tag, Tooltip, App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BbpsComplaintFacts, BbpsComplaintStatus } from '@khata/domain';
import { formatDate } from '../../../../i18n/format';
import { useCheckBbpsComplaint } from './api';

const COLORS: Record<BbpsComplaintStatus, string> = {
  logged: 'gold',
  assigned: 'blue',
  'pending-with-bbpou': 'blue',
  resolved: 'green',
  reassigned: 'purple',
  escalated: 'volcano',
};

/** Bharat BillPay's statuses (libs/domain's BBPS_COMPLAINT_STATUS_LABELS) in the reader's language. */
const STATUS_KEYS = {
  logged: 'bbps.status.logged',
  assigned: 'bbps.status.assigned',
  'pending-with-bbpou': 'bbps.status.pendingWithBbpou',
  resolved: 'bbps.status.resolved',
  reassigned: 'bbps.status.reassigned',
  escalated: 'bbps.status.escalated',
} as const satisfies Record<BbpsComplaintStatus, string>;

/** The mark of a complaint registered with Bharat BillPay, in lists and the drawer. */
export function BbpsTag() {
  const { t } = useTranslation('complaints');
  return (
    <Tag color="geekblue" data-testid="bbps-tag">
      {t('bbps.tag')}
    </Tag>
  );
}

/** Bharat BillPay's own status of the complaint. */
export function BbpsStatusTag({ status }: { status: BbpsComplaintStatus }) {
  const { t } = useTranslation('complaints');
  return (
    <Tag color={COLORS[status]} data-testid="bbps-status">
      {t(STATUS_KEYS[status])}
    </Tag>
  );
}

/** `2026-12-05` → `05 Dec 2026`: the India day the complaint is due by, in the current language. */
export function formatDueOn(day: string): string {
  return formatDate(day);
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
  const { t } = useTranslation('complaints');
  const { message } = App.useApp();
  const check = useCheckBbpsComplaint();
  const resolved = facts.status === 'resolved';
  return (
    <Tooltip title={resolved ? t('bbps.check.resolved') : undefined}>
      <Button
        size={size}
        disabled={resolved}
        loading={check.isPending}
        aria-label={t('bbps.check.label', { id: facts.complaintId })}
        onClick={() =>
          check.mutate(id, {
            onSuccess: (answer) => void message.success(answer.message),
            onError: (error) => void message.error(error.message),
          })
        }
      >
        {t('bbps.check.button')}
      </Button>
    </Tooltip>
  );
}
