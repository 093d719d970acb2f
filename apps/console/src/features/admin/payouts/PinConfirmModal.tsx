import { useState, type ReactNode } from 'react';
import { Alert, Input, Modal } from 'antd';
import { canSubmitPin, checkPayoutPin, PIN_MAX_LENGTH } from '@khata/domain';

export interface PinConfirmModalProps {
  open: boolean;
  title: string;
  /** What the PIN confirms: the amount and where it goes. */
  children: ReactNode;
  loading: boolean;
  /** The refusal of the last attempt, if any. */
  error?: string;
  okText?: string;
  onConfirm: (pin: string) => void;
  onCancel: () => void;
}

/**
 * Spec §4: a payment asks for the PIN; the button enables once the PIN has 4 characters, and
 * the PIN's own rules ("PIN is required.", digits only, 4 to 10) are checked on confirm.
 */
export function PinConfirmModal({
  open,
  title,
  children,
  loading,
  error,
  okText = 'Confirm and pay',
  onConfirm,
  onCancel,
}: PinConfirmModalProps) {
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<string>();

  const confirm = () => {
    const checked = checkPayoutPin(pin);
    if (!checked.ok) setRefusal(checked.message);
    else onConfirm(checked.value);
  };
  const shown = refusal ?? error;

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ disabled: !canSubmitPin(pin) }}
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
      {shown && <Alert className="payout__alert" type="error" showIcon title={shown} />}
      <label className="payout__pin">
        <span>PIN</span>
        <Input.Password
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
      </label>
    </Modal>
  );
}
