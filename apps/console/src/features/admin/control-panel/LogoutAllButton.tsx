import { useState } from 'react';
import { Alert, App, Button, Input, Modal } from 'antd';
import { canSubmitPin, checkPin, PIN_MAX_LENGTH } from '@khata/domain';
import { endSession } from '../../auth/session/session';
import { useLiveChannel } from '../realtime/useLiveUpdates';
import { useLogoutAllSessions } from './api';

/**
 * Log out of every session, this one included, confirmed with the PIN (spec §2, §7). The
 * confirm button enables at 4 characters, like every PIN confirmation (spec §4).
 */
export function LogoutAllButton() {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const logoutAll = useLogoutAllSessions();
  const { expectLogout } = useLiveChannel();

  const close = () => {
    setOpen(false);
    setPin('');
    setRefusal(undefined);
    logoutAll.reset();
  };

  const confirm = () => {
    const checked = checkPin(pin);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    const cancel = expectLogout();
    logoutAll.mutate(checked.value, {
      onSuccess: (answer) => {
        message.success(answer.message);
        close();
        endSession();
      },
      onError: cancel,
    });
  };

  const shown = refusal ?? (logoutAll.isError ? logoutAll.error.message : undefined);
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)}>
        Log out all sessions
      </Button>
      <Modal
        open={open}
        title="Log out of all sessions"
        okText="Log out all"
        okButtonProps={{ danger: true, disabled: !canSubmitPin(pin) }}
        confirmLoading={logoutAll.isPending}
        onOk={confirm}
        onCancel={close}
        destroyOnHidden
      >
        <p>Every device signed in to your account is signed out, this one too. Enter your PIN.</p>
        {shown && <Alert className="control-panel__alert" type="error" showIcon title={shown} />}
        <label className="control-panel__pin">
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
    </>
  );
}
