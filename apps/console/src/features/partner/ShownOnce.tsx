import { Alert, Typography } from 'antd';

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
  return (
    <Alert
      className="partner-once"
      type="warning"
      showIcon
      title={`${label}: copy it now. It will not be shown again.`}
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
      closable={{ onClose, 'aria-label': 'I have copied it' }}
    />
  );
}
