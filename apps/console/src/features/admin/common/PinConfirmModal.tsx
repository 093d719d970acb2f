import { useId, useState, type ReactNode } from 'react';
import { Alert, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { canSubmitPin, checkPayoutPin, PIN_MAX_LENGTH, type Check } from '@khata/domain';

export interface PinConfirmModalProps {
  open: boolean;
  title: string;
  /** What the PIN confirms: the amount and where it goes, or what is about to happen. */
  children: ReactNode;
  loading: boolean;
  /** The refusal of the last attempt, if any. */
  error?: string;
  okText?: string;
  /** A confirm button in the danger colour, for what cannot be undone. */
  danger?: boolean;
  /** The PIN's rules; they differ only in the "required" message (payout by default). */
  check?: (pin: string) => Check<string>;
  /** The screen's own classes for the refusal and the PIN field. */
  classNames?: { alert?: string; pin?: string };
  onConfirm: (pin: string) => void;
  onCancel: () => void;
}

/**
 * Spec §4: an action confirmed with the PIN; the button enables once the PIN has 4 characters,
 * and the PIN's own rules ("PIN is required.", digits only, 4 to 10) are checked on confirm.
 * The PIN typed is forgotten when the dialog closes.
 */
export function PinConfirmModal({
  open,
  title,
  children,
  loading,
  error,
  okText,
  danger,
  check = checkPayoutPin,
  classNames,
  onConfirm,
  onCancel,
}: PinConfirmModalProps) {
  const { t } = useTranslation('admin-common');
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const pinId = useId();

  const confirm = () => {
    const checked = check(pin);
    if (!checked.ok) setRefusal(checked.message);
    else onConfirm(checked.value);
  };
  const shown = refusal ?? error;

  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('pinConfirm.ok')}
      cancelText={t('pinConfirm.cancel')}
      okButtonProps={{ danger, disabled: !canSubmitPin(pin) }}
      confirmLoading={loading}
      onOk={confirm}
      onCancel={onCancel}
      afterClose={() => {
        setPin('');
        setRefusal(undefined);
      }}
      destroyOnHidden
    >
      {children}
      {shown && <Alert className={classNames?.alert} type="error" showIcon title={shown} />}
      <div className={classNames?.pin}>
        <label htmlFor={pinId}>{t('pinConfirm.pin')}</label>
        <Input.Password
          id={pinId}
          value={pin}
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_MAX_LENGTH}
          autoFocus
          onChange={(event) => {
            setPin(event.target.value);
            setRefusal(undefined);
          }}
          onPressEnter={() => canSubmitPin(pin) && confirm()}
        />
      </div>
    </Modal>
  );
}
