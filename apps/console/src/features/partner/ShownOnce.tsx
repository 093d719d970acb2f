import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A secret shown this once, with a copy button; it is not kept anywhere in the page. */
export function ShownOnce({
  label,
  value,
  onClose,
}: {
  label: string;
  value: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('partner');
  return (
    <Alert
      className="partner-once"
      type="warning"
      showIcon
      title={t('shownOnce.title', { label })}
      description={
        <Typography.Text
          className="partner-once__value"
          code
          copyable={{ text: value }}
          data-testid="shown-once"
        >
          {value}
        </Typography.Text>
      }
      closable={{ onClose, 'aria-label': t('shownOnce.copied') }}
    />
  );
}
