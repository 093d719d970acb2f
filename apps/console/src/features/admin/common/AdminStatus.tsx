import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { usePageTitle } from '../../../ui/usePageTitle';
import './admin-page.css';

export interface AdminStatusProps {
  status: number;
  title: string;
  message: string;
}

/** A status inside the admin layout (the sidebar stays), with a way back to the dashboard. */
export function AdminStatus({ status, title, message }: AdminStatusProps) {
  const { t } = useTranslation('admin-common');
  usePageTitle(title);
  return (
    <section className="admin-status" aria-labelledby="admin-status-title">
      <p className="admin-status__code">{status}</p>
      <Typography.Title id="admin-status-title" level={1}>
        {title}
      </Typography.Title>
      <Typography.Paragraph>{message}</Typography.Paragraph>
      <ButtonLink type="primary" to={AppPath.adminDashboard}>
        {t('status.toDashboard')}
      </ButtonLink>
    </section>
  );
}
