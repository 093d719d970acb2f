import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../common/dates';
import { useActiveNotices, useDismissNotice } from './api';
import './notices.css';

/**
 * The notices addressed to the user and live now, on the dashboard until dismissed (the
 * dismissal is stored, so it holds on every device). New ones arrive over the socket.
 */
export function DashboardNotices() {
  const { t } = useTranslation('notices');
  const notices = useActiveNotices();
  const dismiss = useDismissNotice();
  if (!notices.data?.length) return null;
  return (
    <section className="dashboard-notices" aria-label={t('dashboard.label')}>
      {notices.data.map((notice) => (
        <Alert
          key={notice.id}
          type="info"
          showIcon
          className="dashboard-notices__notice"
          data-testid="dashboard-notice"
          title={notice.title}
          description={
            <>
              <p className="dashboard-notices__body">{notice.body}</p>
              <p className="dashboard-notices__until">
                {t('dashboard.until', { at: formatDateTime(notice.endsAt) })}
              </p>
            </>
          }
          action={
            <Button
              size="small"
              loading={dismiss.isPending && dismiss.variables === notice.id}
              onClick={() => dismiss.mutate(notice.id)}
              aria-label={t('dashboard.dismissLabel', { title: notice.title })}
            >
              {t('dashboard.dismiss')}
            </Button>
          }
        />
      ))}
    </section>
  );
}
