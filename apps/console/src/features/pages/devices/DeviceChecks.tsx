import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceCheck } from './content';

/**
 * What the device test checks, each with how to check it by hand: help beside the live test
 * above it (RdCheck), so no card claims a result of its own.
 */
export function DeviceChecks({ checks }: { checks: readonly DeviceCheck[] }) {
  const { t } = useTranslation('pages');
  return (
    <ul className="content-grid device-checks">
      {checks.map((check) => (
        <li key={check.title}>
          <Card variant="outlined" className="content-card">
            <div className="device-checks__header">
              <Typography.Title level={3} className="content-card__title">
                {check.title}
              </Typography.Title>
            </div>
            <Typography.Paragraph className="content-card__body">{check.what}</Typography.Paragraph>
            <Typography.Paragraph className="device-checks__how">
              <strong>{t('devices.checkYourself')}</strong>
              {check.howToCheck}
            </Typography.Paragraph>
          </Card>
        </li>
      ))}
    </ul>
  );
}
