import { useState } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPin } from '@khata/domain';
import { endSession } from '../../auth';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { useLiveChannel } from '../realtime/useLiveUpdates';
import { useLogoutAllSessions } from './api';

/**
 * Log out of every session, this one included, confirmed with the PIN (spec §2, §7). The
 * confirm button enables at 4 characters, like every PIN confirmation (spec §4).
 */
export function LogoutAllButton() {
  const { t } = useTranslation('control-panel');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const logoutAll = useLogoutAllSessions();
  const { expectLogout } = useLiveChannel();

  const close = () => {
    setOpen(false);
    logoutAll.reset();
  };

  const confirm = (pin: string) => {
    const cancel = expectLogout();
    logoutAll.mutate(pin, {
      onSuccess: (answer) => {
        message.success(answer.message);
        close();
        endSession({ chosen: true });
      },
      onError: cancel,
    });
  };

  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)}>
        {t('logoutAll.button')}
      </Button>
      <PinConfirmModal
        open={open}
        title={t('logoutAll.title')}
        okText={t('logoutAll.ok')}
        danger
        check={checkPin}
        loading={logoutAll.isPending}
        error={logoutAll.isError ? logoutAll.error.message : undefined}
        classNames={{ alert: 'control-panel__alert', pin: 'control-panel__pin' }}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>{t('logoutAll.body')}</p>
      </PinConfirmModal>
    </>
  );
}
