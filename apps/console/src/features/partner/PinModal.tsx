import { useState, type ReactNode } from 'react';
import { Alert, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPin, PIN_MAX_LENGTH } from '@khata/domain';

/** An action the partner confirms with its PIN; the PIN is forgotten when the dialog closes. */
export function PinModal(props: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  loading: boolean;
  error?: string;
  children: ReactNode;
  onConfirm: (pin: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('partner');
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const shown = refusal ?? props.error;
  const confirm = () => {
    const checked = checkPin(pin);
    if (!checked.ok) setRefusal(checked.message);
    else props.onConfirm(checked.value);
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('modal.cancel')}
      okButtonProps={{ danger: props.danger }}
      confirmLoading={props.loading}
      onOk={confirm}
      onCancel={props.onCancel}
      afterClose={() => {
        setPin('');
        setRefusal(undefined);
      }}
      destroyOnHidden
    >
      {props.children}
      {shown && <Alert className="partner-pin__alert" type="error" showIcon title={shown} />}
      <label className="partner-pin__label">
        {t('pin.label')}
        <Input.Password
          value={pin}
          inputMode="numeric"
          maxLength={PIN_MAX_LENGTH}
          autoComplete="off"
          aria-label={t('pin.label')}
          onChange={(event) => {
            setPin(event.target.value);
            setRefusal(undefined);
          }}
          onPressEnter={confirm}
        />
      </label>
    </Modal>
  );
}
